import { t } from '@lingui/core/macro';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { IssueFromField, LicenseKindFields, LicenseTermsFields } from './create-license-fields';
import { useCreateLicenseForm, useLicenseChoices } from './use-create-license-form';
import { saidInLanguage } from '@/lib/said-in-language';

type CreateLicenseDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** An Admin: the new lot is drawn from a lot it holds (decision 029), not created from nothing. */
  issuesFromOwnStock: boolean;
};

const FORM_ID = 'create-license-form';

/**
 * docs/product.md, "Create-license payload": issues a lot to the customer's email (an account is
 * created and mailed when none has it). Checked with the contract's createLicenseSchema; the
 * server's field errors land on the fields and its refusals (409) show once, in the dialog.
 */
export function CreateLicenseDialog({ open, onOpenChange, issuesFromOwnStock }: CreateLicenseDialogProps) {
  const { form, submit, changeOpen } = useCreateLicenseForm({ onOpenChange, issuesFromOwnStock });
  const choices = useLicenseChoices(form, open, issuesFromOwnStock);
  const { errors, isSubmitting } = form.formState;

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t`Create License`}</DialogTitle>
          <DialogDescription>
            {issuesFromOwnStock
              ? t`The new lot is drawn from one of your lots and fits within it. An email without an account gets a customer account under yours, mailed its sign-in details.`
              : t`Issues a new lot to the customer. A customer without an account gets one, by email.`}
          </DialogDescription>
        </DialogHeader>
        <form id={FORM_ID} noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2">
          {issuesFromOwnStock && <IssueFromField form={form} choices={choices} />}
          {/* An Admin's product, edition and usage type are the held lot's (decision 029). */}
          <LicenseKindFields form={form} choices={choices} followsLot={issuesFromOwnStock} />
          <LicenseTermsFields form={form} choices={choices} />
          {errors.root?.server?.message && (
            <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
              {saidInLanguage(errors.root.server.message)}
            </p>
          )}
        </form>
        <DialogFooter>
          <SubmitButton form={FORM_ID} busy={isSubmitting} busyText={t`Creating...`}>
            {t`Create`}
          </SubmitButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
