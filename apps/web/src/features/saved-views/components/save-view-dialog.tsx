import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { createSavedViewSchema, SAVED_VIEW_LIMITS, type SavedViewPage } from '@portal/contracts/saved-views';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CheckboxChoice } from '@/components/checkbox-choices';
import { NameField } from '@/components/name-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { SAVE_VIEW_FIELDS, useSaveView } from '../api/saved-views';

const formSchema = createSavedViewSchema.pick({ name: true }).extend({ shared: z.boolean(), pinned: z.boolean() });
type FormValues = z.infer<typeof formSchema>;
const DEFAULTS: FormValues = { name: '', shared: false, pinned: false };

type SaveViewDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  page: SavedViewPage;
  /** The list's query as a view keeps it (viewQueryOf). */
  query: string;
};

/** "Save current view": the list's filters, sort, columns and page size under a name (decision 050). */
export function SaveViewDialog({ open, onOpenChange, page, query }: SaveViewDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <SaveViewForm page={page} query={query} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function SaveViewForm({ page, query, onDone }: { page: SavedViewPage; query: string; onDone: () => void }) {
  const save = useSaveView();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: DEFAULTS });
  const { errors, isSubmitting } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' });

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, page, query });
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      for (const { field, message } of error.fieldErrors) {
        const known = SAVE_VIEW_FIELDS.find((candidate) => candidate === field);
        if (known) form.setError(known, { type: 'server', message });
      }
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t`Save view`}</DialogTitle>
        <DialogDescription>
          {t`Keeps this list's filters, sort, columns and page size. Opening the view shows each person only the rows they may see.`}
        </DialogDescription>
      </DialogHeader>
      <form id="save-view-form" noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
        <NameField
          label={t`Name`}
          autoFocus
          error={errors.name?.message}
          count={{ length: name.length, max: SAVED_VIEW_LIMITS.name }}
          {...form.register('name')}
        />
        <ViewChoices control={form.control} pinnedError={errors.pinned?.message} />
      </form>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t`Cancel`}
        </Button>
        <SubmitButton form="save-view-form" busy={isSubmitting} busyText={t`Saving...`}>
          {t`Save view`}
        </SubmitButton>
      </DialogFooter>
    </>
  );
}

const choices = () =>
  [
    {
      name: 'shared',
      label: t`Share with my organisation`,
      hint: t`The people of your organisation find it in this list's Views menu.`,
    },
    {
      name: 'pinned',
      label: t`Pin to the sidebar`,
      hint: t`Up to ${SAVED_VIEW_LIMITS.pinned} views, under Saved views.`,
    },
  ] as const;

/** Whether the view is shared with the organisation, and whether it is pinned to the sidebar. */
function ViewChoices({ control, pinnedError }: { control: Control<FormValues>; pinnedError: string | undefined }) {
  return (
    <div className="grid gap-4">
      {choices().map(({ name, label, hint }) => {
        const error = name === 'pinned' ? pinnedError : undefined;
        return (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <CheckboxChoice
                id={`save-view-${name}`}
                label={label}
                detail={
                  <p className={error ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'}>
                    {error ?? hint}
                  </p>
                }
                checked={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={error !== undefined}
                checkboxRef={field.ref}
              />
            )}
          />
        );
      })}
    </div>
  );
}
