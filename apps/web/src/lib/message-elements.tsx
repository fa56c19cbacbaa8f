import { Fragment, type ReactNode } from 'react';

const MARK = '\u0001';

/** A placeholder's value in a translated message that holds an element: `slot('link')`. */
export const slot = (name: string): string => `${MARK}${name}${MARK}`;

/**
 * A translated message with elements inside it (a link, a code span): the message names each by a
 * placeholder whose value is `slot(name)`, and each element takes its place, so a language orders
 * its words around them as it needs (decision 052).
 */
export function withElements(message: string, elements: Record<string, ReactNode>): ReactNode {
  return message
    .split(new RegExp(`${MARK}(\\w+)${MARK}`))
    .map((part, index) => (index % 2 === 1 ? <Fragment key={index}>{elements[part]}</Fragment> : part));
}
