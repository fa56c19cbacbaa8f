/**
 * A message the API or a shared contract wrote in English (a field's validation message, a
 * refusal, a notice), said in the language shown (decision 052, "Messages of the server and the
 * contracts"). The English text is the message's id in the `messages` area
 * (api-messages/*.ts), which i18n.ts loads with the shell's catalogue for any language but English
 * and then plugs in here; until then, and for a message the area does not hold (one with a value
 * inside), the English is shown as it came. No Lingui here: the lean login page uses FormField too.
 */
type Say = (id: string, values?: Record<string, string>) => string | undefined;

let say: Say = () => undefined;

/**
 * The few messages with a value that forms show often: the password policy's lengths. Each is an
 * id of the area with its value named; any other message with a value stays English.
 */
const PATTERNS: readonly [RegExp, string, string][] = [
  [/^Password must be at least (\d+) characters long$/, 'Password must be at least {min} characters long', 'min'],
  [
    /^Password must be no more than (\d+) characters long$/,
    'Password must be no more than {max} characters long',
    'max',
  ],
];

export function saidInLanguage(message: string): string {
  const said = say(message);
  if (said !== undefined) return said;
  for (const [pattern, id, name] of PATTERNS) {
    const value = pattern.exec(message)?.[1];
    if (value !== undefined) return say(id, { [name]: value }) ?? message;
  }
  return message;
}

/** i18n.ts: how a message of the area is looked up in the language shown (undefined: not held). */
export function sayMessagesWith(next: Say): void {
  say = next;
}
