import type { Database } from '../../db/client';
import { savedViewPins, savedViews } from '../../db/schema';

/**
 * The demo Admin's saved views (decision 050), so that the lists' Views menus and the sidebar show
 * real ones on the first start: two shared with its organisation, one personal, two pinned.
 */
export async function seedDemoViews(tx: Database, adminId: string, at: Date): Promise<void> {
  const views = await tx
    .insert(savedViews)
    .values(
      [
        { name: 'Active lots', page: '/licenses', query: 'status=Active', shared: true },
        { name: 'Audited allocations', page: '/audit-trail', query: 'action=stock.allocate', shared: true },
        { name: 'Allocate movements', page: '/license-movement', query: 'action=Allocate', shared: false },
      ].map((view) => ({ ...view, accountId: adminId, orgId: adminId, createdAt: at, updatedAt: at })),
    )
    .returning({ id: savedViews.id, name: savedViews.name });
  const pinned = views.filter((view) => view.name !== 'Audited allocations');
  await tx.insert(savedViewPins).values(pinned.map((view) => ({ accountId: adminId, viewId: view.id, createdAt: at })));
}
