import { type DefaultValues, type FieldValues, type Mode, type Path, type Resolver, useForm } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';

type DialogFormOptions<TInput extends FieldValues, TOutput, TResult> = {
  resolver: Resolver<TInput, unknown, TOutput>;
  defaultValues: DefaultValues<TInput>;
  /** Sends the checked values; a rejection stays in the dialog. */
  send: (values: TOutput) => Promise<TResult>;
  /** Fields that the server's 400 field errors land on. */
  fields: readonly Path<TInput>[];
  /** The field a 409 (a taken name or address, sent without field details) belongs under. */
  conflictField?: Path<TInput>;
  onOpenChange: (open: boolean) => void;
  onSent?: (result: TResult) => void;
  /** When the checks run; by default on submit, then on each change. */
  mode?: Mode;
};

/**
 * The shape every create dialog shares: the form starts empty each time it opens, a success
 * closes it, and the server's refusals land on the fields (the global handler leaves those to the
 * form: the mutation's meta.inline).
 */
export function useDialogForm<TInput extends FieldValues, TOutput, TResult>({
  resolver,
  defaultValues,
  send,
  fields,
  conflictField,
  onOpenChange,
  onSent,
  mode,
}: DialogFormOptions<TInput, TOutput, TResult>) {
  const form = useForm<TInput, unknown, TOutput>({ resolver, defaultValues, mode });

  function changeOpen(next: boolean): void {
    if (!next) form.reset();
    onOpenChange(next);
  }

  const submit = form.handleSubmit(async (values) => {
    let result: TResult;
    try {
      result = await send(values);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, fields);
      if (conflictField && error instanceof ApiError && error.status === 409) {
        form.setError(conflictField, { type: 'server', message: error.message });
      }
      return;
    }
    changeOpen(false);
    onSent?.(result);
  });

  return { form, submit, changeOpen };
}
