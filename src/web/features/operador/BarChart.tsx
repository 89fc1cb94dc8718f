import { useId } from 'react';

export interface Bar {
  label: string;
  value: number;
}

/**
 * A simple bar chart in SVG. Screen readers get the title and a text summary (the chart is an image with a
 * description); the numbers themselves are in the summary, so nothing is only visual.
 */
export function BarChart({
  title,
  summary,
  bars,
  format = String,
}: {
  title: string;
  summary: string;
  bars: Bar[];
  format?: (n: number) => string;
}) {
  const id = useId();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const width = 300;
  const height = 80;
  const step = width / Math.max(1, bars.length);
  return (
    <figure className="rounded-card bg-white p-4 shadow-card ring-1 ring-sand-200/70">
      <figcaption id={`${id}-t`} className="text-sm font-bold text-ink-900">
        {title}
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-t`}
        aria-describedby={`${id}-d`}
        viewBox={`0 0 ${width} ${height}`}
        className="mt-2 h-20 w-full"
        preserveAspectRatio="none"
      >
        {bars.map((b, i) => {
          const h = (b.value / max) * (height - 2);
          return (
            <rect
              key={b.label}
              x={i * step + step * 0.15}
              y={height - h}
              width={step * 0.7}
              height={h}
              className="fill-brand-600"
            >
              <title>{`${b.label}: ${format(b.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <p id={`${id}-d`} className="mt-2 text-xs text-ink-600">
        {summary}
      </p>
    </figure>
  );
}
