import { Link } from 'react-router';

/**
 * What a drill-down screen shows when its link lacks the id it needs or carries a malformed one:
 * a plain explanation and the way to a list to pick from, never a failed request.
 */
export function ReportNotice({ message, backTo, backLabel }: { message: string; backTo: string; backLabel: string }) {
  return (
    <div role="alert" className="grid justify-items-center gap-2 rounded-md border border-dashed p-10 text-center">
      <p className="font-medium">{message}</p>
      <Link to={backTo} className="text-sm text-primary underline-offset-4 hover:underline">
        {backLabel}
      </Link>
    </div>
  );
}
