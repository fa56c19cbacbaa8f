import type { ForecastLine } from '@portal/contracts/forecast';
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** A count as the forecast shows it: 1,234. */
export const count = (n: number) => n.toLocaleString('en-US');

/** Covered, or short by how many: in words, not only in colour. */
export function CoverageBadge({ line }: { line: Pick<ForecastLine, 'covered' | 'shortBy'> }) {
  return line.covered ? (
    <Badge variant="success">
      <CircleCheckIcon aria-hidden /> Covered
    </Badge>
  ) : (
    <Badge variant="destructive">
      <CircleAlertIcon aria-hidden /> Short by {count(line.shortBy)}
    </Badge>
  );
}
