import { z } from 'zod';
import { inputObject, text } from './fields';

/**
 * The command palette's search (docs/decisions/048-command-palette.md): what the caller may see
 * whose name (an account's email, a lot's order ID) begins with the text typed, a few of each kind.
 */
export const SEARCH_MAX_LENGTH = 100;
/** The most results of each kind. */
export const SEARCH_LIMIT = 5;

export const searchQuerySchema = inputObject({
  q: text().trim().min(1, 'Type something to search for.').max(SEARCH_MAX_LENGTH),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  accounts: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  pools: z.array(z.object({ id: z.string(), name: z.string() })),
  jobs: z.array(z.object({ id: z.string(), name: z.string(), machineName: z.string() })),
  machines: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Lots whose order ID begins with the text: for the roles that read licenses. */
  lots: z.array(z.object({ id: z.string(), orderId: z.string(), productName: z.string(), customerName: z.string() })),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
