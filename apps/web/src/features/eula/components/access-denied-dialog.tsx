import { LogOutIcon } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

type AccessDeniedDialogProps = { onLogout: () => void; loggingOut: boolean };

/** docs/product.md, "EULA refusal": nothing but Logout, over a blurred page. */
export function AccessDeniedDialog({ onLogout, loggingOut }: AccessDeniedDialogProps) {
  return (
    <AlertDialog open>
      <AlertDialogContent
        className="sm:max-w-md"
        overlayClassName="backdrop-blur-md"
        onEscapeKeyDown={(event) => event.preventDefault()}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Access Denied</AlertDialogTitle>
          <AlertDialogDescription>
            You cannot access this website because you haven&apos;t accepted the EULA agreement.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <Button onClick={onLogout} disabled={loggingOut}>
            <LogOutIcon aria-hidden />
            Logout
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
