import { z } from 'zod';

/**
 * Zod's own words ("Too big: expected string to have <=100 characters", "Invalid input: expected
 * int, received number") are for developers. Every schema of the contracts speaks plainly instead,
 * in the product's style, naming the field: "Name must be at most 100 characters", "Must be a whole
 * number". A schema that gives its own message keeps it; this covers every limit that does not.
 * Installed once, when the contracts are loaded (fields.ts), so the server's 400 answers and the
 * web app's forms say the same.
 */

/** `productCode` → "Product code"; the last named step of the path, or none. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string | null {
  const name = [...(path ?? [])].reverse().find((step): step is string => typeof step === 'string');
  if (!name) return null;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : null;
}

const count = (value: unknown) =>
  typeof value === 'number' || typeof value === 'bigint' ? value.toLocaleString('en-US') : String(value);

const plural = (n: unknown, one: string, many: string) => `${count(n)} ${Number(n) === 1 ? one : many}`;

/** "Name must be …", or "Must be …" when the value has no name. */
function say(label: string | null, rest: string): string {
  return label ? `${label} ${rest}` : rest.charAt(0).toUpperCase() + rest.slice(1);
}

const TYPE_WORDS: Record<string, string> = {
  int: 'must be a whole number',
  number: 'must be a number',
  string: 'must be text',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'is not valid',
  date: 'must be a date',
  bigint: 'must be a whole number',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'must be an email address',
  uuid: 'is not a valid id',
  guid: 'is not a valid id',
  datetime: 'must be a date and time',
  date: 'must be a date',
  time: 'must be a time',
  url: 'must be a web address',
};

type Issue = z.core.$ZodRawIssue;

/** The plain message of one issue; every kind zod raises has one. */
export function plainMessage(issue: Issue): string {
  const label = fieldLabel(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return say(label, 'is required');
      if (issue.expected === 'number' && typeof issue.input === 'number') return say(label, 'must be a finite number');
      return say(label, TYPE_WORDS[issue.expected] ?? 'is not valid');
    }
    case 'too_big': {
      const max = issue.maximum;
      if (issue.origin === 'string') return say(label, `must be at most ${plural(max, 'character', 'characters')}`);
      if (issue.origin === 'array' || issue.origin === 'set') {
        return say(label, `can have at most ${plural(max, 'item', 'items')}`);
      }
      if (issue.origin === 'date') return say(label, 'is too late');
      return say(
        label,
        issue.inclusive === false ? `must be less than ${count(max)}` : `must be at most ${count(max)}`,
      );
    }
    case 'too_small': {
      const min = issue.minimum;
      if (issue.origin === 'string') {
        return Number(min) <= 1
          ? say(label, 'is required')
          : say(label, `must be at least ${plural(min, 'character', 'characters')}`);
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return say(label, `needs at least ${plural(min, 'item', 'items')}`);
      }
      if (issue.origin === 'date') return say(label, 'is too early');
      return say(
        label,
        issue.inclusive === false ? `must be more than ${count(min)}` : `must be at least ${count(min)}`,
      );
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'Invalid email address';
      return say(label, FORMAT_WORDS[issue.format] ?? 'is not in the expected form');
    case 'not_multiple_of':
      return say(label, `must be a multiple of ${count(issue.divisor)}`);
    case 'invalid_value':
      return issue.values.length > 0 && issue.values.length <= 12
        ? say(label, `must be one of: ${issue.values.map(String).join(', ')}`)
        : say(label, 'is not one of the allowed values');
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
    default:
      return say(label, 'is not valid');
  }
}

z.config({ customError: (issue) => plainMessage(issue) });
