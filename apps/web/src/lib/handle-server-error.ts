import { toast } from '@/hooks/use-toast';
import { ApiError, NetworkError, type ApiResult } from './api-client';
import { saidInLanguage } from './said-in-language';

/** docs/product.md: API notices (and the logout notice) last 8 seconds. */
export const NOTICE_DURATION_MS = 8000;

/** docs/product.md: one destructive toast for every failed request. */
export function handleServerError(error: unknown): void {
  if (error instanceof NetworkError) {
    toast({
      variant: 'destructive',
      title: saidInLanguage('Network Error'),
      description: saidInLanguage('Please check your internet connection'),
      duration: NOTICE_DURATION_MS,
    });
    return;
  }
  toast({
    variant: 'destructive',
    title: saidInLanguage('Error'),
    description: saidInLanguage(error instanceof Error ? error.message : 'Something went wrong.'),
    duration: NOTICE_DURATION_MS,
  });
}

/**
 * What a form shows on the page by itself, so the global notices do not say it a second time:
 * the server's field errors on `fields`, a 409 (a taken name or address) under one of its fields
 * when `conflict`, and the server's success message when `success`. Set as the mutation's
 * `meta.inline`; anything else still raises the toast.
 */
export type InlineNotices = { fields?: readonly string[]; conflict?: boolean; success?: boolean };

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { silent?: boolean; inline?: InlineNotices };
  }
}

/** Whether the form of `inline` shows this failure itself: every field error lands on one of its fields. */
export function isShownInline(error: unknown, inline: InlineNotices | undefined): boolean {
  if (!inline || !(error instanceof ApiError)) return false;
  if (error.status === 409 && inline.conflict === true) return true;
  const fields = inline.fields ?? [];
  return (
    error.fieldErrors.length > 0 &&
    error.fieldErrors.every(({ field }) => fields.includes(field.split('.').pop() ?? field))
  );
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Report calls are POSTs that only read, so they never announce success. */
const REPORT_PATH = /^\/?report(?:[/?#]|$)/i;

/**
 * docs/product.md: a successful non-GET response (except under /Report) shows a default toast
 * titled with the server's message, when it sent one.
 */
export function announceSuccess(result: unknown): void {
  if (!isApiResult(result) || result.method === 'GET' || REPORT_PATH.test(result.path)) return;
  if (!result.message) return;
  toast({ title: saidInLanguage(result.message), duration: NOTICE_DURATION_MS });
}

function isApiResult(value: unknown): value is ApiResult<unknown> {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'data' in value;
}
