import { encode } from 'uqr';

/**
 * A QR code drawn as one SVG path from uqr's matrix (no HTML injected), dark on a white square in
 * both themes: phone cameras read dark modules on light best.
 */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const { size: modules, data } = encode(value, { ecc: 'M', border: 2 });
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      className="rounded-md border bg-white"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
