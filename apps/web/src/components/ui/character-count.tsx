import { useEffect, useState } from 'react';
import { cn } from '@/lib/utils';

/** How long typing must pause before the count is announced: never on every keystroke. */
export const COUNT_ANNOUNCE_DELAY_MS = 800;

/** What is said once typing pauses: only near or over the limit, so it does not talk over typing. */
export function countAnnouncement(length: number, max: number): string {
  const left = max - length;
  if (left < 0) return `${-left} ${-left === 1 ? 'character' : 'characters'} over the limit of ${max}`;
  if (left <= Math.max(10, Math.floor(max / 10))) return `${left} ${left === 1 ? 'character' : 'characters'} left`;
  return '';
}

type CharacterCountProps = {
  length: number;
  max: number;
  /** Referenced by the control's aria-describedby: screen readers hear the limit with the field. */
  limitId: string;
};

/**
 * A limited text field's count, "12/100", shown as one types (red over the limit). Screen readers
 * hear the limit with the field, and, politely and only after a pause in typing, how many
 * characters are left once few are.
 */
export function CharacterCount({ length, max, limitId }: CharacterCountProps) {
  const [announced, setAnnounced] = useState('');
  const next = countAnnouncement(length, max);
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(next), COUNT_ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [next]);

  return (
    <>
      <span
        aria-hidden
        data-slot="character-count"
        className={cn(
          'ml-auto shrink-0 text-xs text-muted-foreground tabular-nums',
          length > max && 'text-destructive',
        )}
      >
        {length}/{max}
      </span>
      <span id={limitId} className="sr-only">
        {max} characters at most.
      </span>
      <span role="status" aria-live="polite" className="sr-only">
        {announced}
      </span>
    </>
  );
}
