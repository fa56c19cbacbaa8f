import { CreatePoolDialog } from './create-pool-dialog';
import { PoolAllocationsDialog } from './pool-allocations-dialog';
import { usePoolsScreen } from './pools-provider';

/** The one place the License Pools screen's dialogs live. */
export function PoolsDialogs() {
  const { canWrite, open, currentRow, close } = usePoolsScreen();
  const onOpenChange = (next: boolean) => !next && close();
  return (
    <>
      {canWrite && <CreatePoolDialog open={open === 'create'} onOpenChange={onOpenChange} />}
      {currentRow && (
        <PoolAllocationsDialog pool={currentRow} open={open === 'allocations'} onOpenChange={onOpenChange} />
      )}
    </>
  );
}
