import { t } from '@lingui/core/macro';
import type { ForecastLine } from '@portal/contracts/forecast';
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { i18n } from '@/lib/i18n';

/** A count as the forecast shows it, in the language shown: 1,234 (1.234 in German). */
export const count = (n: number) => n.toLocaleString(i18n.locale);

/** A list of short phrases in a sentence: 'A by 3, B by 2' (Japanese with its own comma). */
export const listOf = (items: readonly string[]) => items.join(i18n.locale === 'ja' ? '、' : ', ');

/** Covered, or short by how many: in words, not only in colour. */
export function CoverageBadge({ line }: { line: Pick<ForecastLine, 'covered' | 'shortBy'> }) {
  const shortBy = count(line.shortBy);
  return line.covered ? (
    <Badge variant="success">
      <CircleCheckIcon aria-hidden /> {t`Covered`}
    </Badge>
  ) : (
    <Badge variant="destructive">
      <CircleAlertIcon aria-hidden /> {t`Short by ${shortBy}`}
    </Badge>
  );
}
