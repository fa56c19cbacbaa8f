import { z } from 'zod';
import { hasRepeatedGroup, ALLOCATION_MSG, productAllocationSchema } from './allocations';
import { pageNumberField, pageSizeField } from './envelope';
import { idField, inputObject, searchField } from './fields';
import { ASSIGNABLE_ROLES } from './roles';

/**
 * Bulk changes (docs/decisions/049-bulk-changes.md): one change applied to many selected users or
 * pools of the Users and License Pools screens, each target in a transaction of its own, in the
 * background, with a result per target and, for units, an undo of the whole batch for a few minutes.
 */

/** The most targets one bulk change reaches (the selection "all N matching" included). */
export const BULK_MAX_TARGETS = 10_000;
/** How long after its last target settled a batch of units can be undone. */
export const BULK_UNDO_MINUTES = 10;

export const BULK_KINDS = ['allocate', 'revoke', 'pool', 'role', 'status'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];
/** The kinds that move units, and so can be undone. */
export const UNIT_KINDS: readonly BulkKind[] = ['allocate', 'revoke'];

export const BULK_ROW_STATUSES = ['Queued', 'Done', 'Failed'] as const;
export type BulkRowStatus = (typeof BULK_ROW_STATUSES)[number];
export const BULK_STATUSES = ['Running', 'Done'] as const;

export const BULK_MSG = {
  chooseTargets: 'Select at least one row.',
  idsOrMatching: 'Send either the selected ids or the filter they match, not both.',
  tooMany: `A bulk change reaches at most ${BULK_MAX_TARGETS.toLocaleString('en-US')} rows at once. Narrow the filter.`,
  repeatedId: 'Each row can be selected once.',
  usersOnly: 'Only users can change pool, role or status.',
  noneMatch: 'No row matches the selection.',
  notYours: 'Some selected rows are not yours to change. Reload the list and select again.',
  /** "Not enough MBX · Exchange: 1,000 needed for 200 targets, 800 available." */
  shortOfStock: (product: string, needed: number, targets: number, available: number) =>
    `Not enough ${product}: ${needed.toLocaleString('en-US')} needed for ${targets.toLocaleString('en-US')} targets, ${available.toLocaleString('en-US')} available.`,
  started: (targets: number) => `Changing ${targets.toLocaleString('en-US')} ${targets === 1 ? 'row' : 'rows'}.`,
  undoStarted: (targets: number) => `Undoing ${targets.toLocaleString('en-US')} ${targets === 1 ? 'row' : 'rows'}.`,
  notUndoable: 'Only a bulk allocation or revocation can be undone.',
  undoRunning: 'Wait until every row is done before undoing.',
  undoExpired: `A bulk change can be undone for ${BULK_UNDO_MINUTES} minutes after it finished.`,
  undoTwice: 'This bulk change was already undone.',
  undoOfUndo: 'An undo cannot be undone. Start a new bulk change instead.',
  nothingToUndo: 'No row of this bulk change moved any units.',
  actorGone: 'Not changed: the account that started the change can no longer make it.',
  nothingToRevoke: 'Nothing to revoke: the target holds no unused units of these products.',
  doneAllocate: (units: number) => `${units.toLocaleString('en-US')} ${units === 1 ? 'unit' : 'units'} allocated.`,
  doneRevoke: (units: number) => `${units.toLocaleString('en-US')} ${units === 1 ? 'unit' : 'units'} revoked.`,
  donePool: (pool: string | null) => (pool ? `Moved to pool ${pool}.` : 'Set to Individual.'),
  doneRole: 'Roles updated.',
  doneStatus: (active: boolean) => (active ? 'User activated.' : 'User deactivated.'),
} as const;

const itemsSchema = z
  .array(productAllocationSchema)
  .min(1, ALLOCATION_MSG.productsRequired)
  .max(200)
  .refine((rows) => !hasRepeatedGroup(rows), ALLOCATION_MSG.oneGroupOnce);

/** What to do to every target. */
export const bulkActionSchema = z.discriminatedUnion('kind', [
  inputObject({ kind: z.literal('allocate'), items: itemsSchema }),
  inputObject({ kind: z.literal('revoke'), items: itemsSchema }),
  /** null: Individual. */
  inputObject({ kind: z.literal('pool'), poolId: idField.nullable() }),
  inputObject({
    kind: z.literal('role'),
    role: z.enum(ASSIGNABLE_ROLES, { message: 'Roles must be User, Admin or Auditor.' }),
  }),
  inputObject({ kind: z.literal('status'), active: z.boolean() }),
]);
export type BulkAction = z.infer<typeof bulkActionSchema>;

/**
 * `POST /Bulk`: the targets are the rows ticked (`ids`), or every row the screen's filter matches
 * (`matching`, "select all N matching"): the server reads them itself, with the list's own rules.
 */
export const createBulkSchema = inputObject({
  targetType: z.enum(['User', 'Pool']),
  ids: z
    .array(idField)
    .max(BULK_MAX_TARGETS, BULK_MSG.tooMany)
    .refine((ids) => new Set(ids).size === ids.length, BULK_MSG.repeatedId)
    .optional(),
  matching: inputObject({ search: searchField }).optional(),
  action: bulkActionSchema,
})
  .refine((body) => (body.ids === undefined) !== (body.matching === undefined), {
    message: BULK_MSG.idsOrMatching,
    path: ['ids'],
  })
  .refine((body) => body.ids === undefined || body.ids.length > 0, { message: BULK_MSG.chooseTargets, path: ['ids'] })
  .refine((body) => body.targetType === 'User' || body.action.kind === 'allocate' || body.action.kind === 'revoke', {
    message: BULK_MSG.usersOnly,
    path: ['targetType'],
  });
export type CreateBulk = z.input<typeof createBulkSchema>;

export const bulkCountsSchema = z.object({
  queued: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
});

/** One bulk change, as its progress panel shows it. */
export const bulkOperationSchema = z.object({
  id: z.string(),
  kind: z.enum(BULK_KINDS),
  targetType: z.enum(['User', 'Pool']),
  /** What it does, in a line: "Allocate 5 × MBX". */
  summary: z.string(),
  status: z.enum(BULK_STATUSES),
  total: z.number().int(),
  counts: bulkCountsSchema,
  /** The units it moved in all (allocate and revoke). */
  units: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The batch this one undoes, and the batch that undid this one. */
  undoOf: z.string().nullable(),
  undoneBy: z.string().nullable(),
  /** Until when Undo is offered; null when it never is (or no longer is). */
  undoUntil: z.string().nullable(),
});
export type BulkOperation = z.infer<typeof bulkOperationSchema>;

export const bulkRowSchema = z.object({
  position: z.number().int(),
  targetId: z.string(),
  targetName: z.string(),
  status: z.enum(BULK_ROW_STATUSES),
  message: z.string(),
  /** Units moved for this target. */
  units: z.number().int(),
});
export type BulkRow = z.infer<typeof bulkRowSchema>;

export const bulkParamsSchema = inputObject({ id: idField });
export const bulkRowsQuerySchema = inputObject({
  status: z.enum(BULK_ROW_STATUSES).optional(),
  pageNumber: pageNumberField,
  pageSize: pageSizeField(100, 20),
});
export const bulkListQuerySchema = inputObject({ pageNumber: pageNumberField, pageSize: pageSizeField(50, 10) });
