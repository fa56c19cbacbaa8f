import { Component, type ReactNode } from 'react';

/** The room the charts will take while their chunk loads, so that the page does not jump. */
export function ChartPlaceholder({ count }: { count: number }) {
  return (
    <div aria-busy="true" className="grid gap-4 lg:grid-cols-2">
      <span className="sr-only">Loading charts...</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="h-72 rounded-md border bg-card" />
      ))}
    </div>
  );
}

/**
 * Charts are extras: when their chunk cannot be loaded (a deploy replaced it, the network
 * dropped), the screen keeps its tables and shows nothing in the charts' place.
 */
export class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
