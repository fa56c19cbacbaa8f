import { toast } from '@/hooks/use-toast';
import { ApiError, NetworkError, type ApiResult } from './api-client';

/** Spec section 9: API notices (and the logout notice) last 8 seconds. */
export const NOTICE_DURATION_MS = 8000;

/** Spec section 8: one destructive toast for every failed request. */
export function handleServerError(error: unknown): void {
  if (error instanceof NetworkError) {
    toast({
      variant: 'destructive',
      title: 'Network Error',
      description: 'Please check your internet connection',
      duration: NOTICE_DURATION_MS,
    });
    return;
  }
  toast({
    variant: 'destructive',
    title: 'Error',
    description: error instanceof Error ? error.message : 'Something went wrong.',
    duration: NOTICE_DURATION_MS,
  });
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Report calls are POSTs that only read, so they never announce success. */
const REPORT_PATH = /^\/?report(?:[/?#]|$)/i;

/**
 * Spec section 8: a successful non-GET response (except under /Report) shows a default toast
 * titled with the server's message, when it sent one.
 */
export function announceSuccess(result: unknown): void {
  if (!isApiResult(result) || result.method === 'GET' || REPORT_PATH.test(result.path)) return;
  if (!result.message) return;
  toast({ title: result.message, duration: NOTICE_DURATION_MS });
}

function isApiResult(value: unknown): value is ApiResult<unknown> {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'data' in value;
}
