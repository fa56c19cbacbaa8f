import type { RouteDocs } from '../../core/endpoint';

/** How the OpenAPI document describes the search route. */
export const DOCS = {
  search: {
    tags: ['Search'],
    summary: 'Find accounts, pools, jobs and machines by the start of their name',
    description:
      'The command palette’s search (decision 048): at most five of each kind whose name (an account’s email ' +
      'too) begins with `q`, ignoring case, by name. Each kind in the caller’s own scope: the accounts below it ' +
      'as the Users list shows them, the shared pools it reads, the jobs and machines of its migration reports.',
  },
} satisfies Record<string, RouteDocs>;
