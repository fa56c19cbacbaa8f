import { render } from '@testing-library/react';
import * as lucide from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { describe, expect, it } from 'vitest';
import * as lean from './lean-icons';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;
const markup = (Component: Icon, props: SVGProps<SVGSVGElement>) =>
  render(<Component {...props} />).container.innerHTML;

describe('the login page icons', () => {
  it.each(['SunIcon', 'MoonIcon', 'EyeIcon', 'EyeOffIcon', 'LoaderCircleIcon', 'XIcon'] as const)(
    '%s draws the same markup as lucide-react',
    (name) => {
      for (const props of [
        {},
        { className: 'size-4', 'aria-hidden': true },
        { role: 'status', 'aria-label': 'Busy' },
      ]) {
        expect(markup(lean[name] as Icon, props)).toBe(markup(lucide[name] as Icon, props));
      }
    },
  );
});
