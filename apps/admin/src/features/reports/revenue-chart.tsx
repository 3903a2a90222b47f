import type { RevenueReport } from '@shop/contracts/admin-reports';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import { useI18n } from '../../i18n/i18n-context.tsx';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** One colour per brand, each with at least 3:1 against the white card (WCAG 1.4.11). */
const palette = ['#1f5fa8', '#b4480f', '#2e7d32', '#7b3fa0', '#a3123a', '#00707a', '#5d5d00', '#4a4a4a'];

/**
 * Revenue per period as stacked bars, one colour per brand (Chart.js on a canvas). The canvas is an
 * image with a summary for screen readers; the figures themselves are in the table under it.
 */
export function RevenueChart({ report, label }: { report: RevenueReport; label: string }) {
  const { money, date, locale } = useI18n();
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const periods = [...new Set(report.rows.map((row) => row.period))];
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: periods.map((period) => date(`${period}T12:00:00Z`)),
        datasets: report.brands.map((brand, index) => {
          const byPeriod = new Map(
            report.rows
              .filter((row) => row.brand === brand.short)
              .map((row) => [row.period, row.revenueCents]),
          );
          return {
            label: brand.name,
            data: periods.map((period) => (byPeriod.get(period) ?? 0) / 100),
            backgroundColor: palette[index % palette.length],
          };
        }),
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        locale,
        scales: {
          x: { stacked: true },
          y: { stacked: true, ticks: { callback: (value) => money(Number(value) * 100) } },
        },
        plugins: {
          tooltip: {
            callbacks: {
              label: (item) => `${item.dataset.label}: ${money(Math.round((item.parsed.y ?? 0) * 100))}`,
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [report, money, date, locale]);
  return (
    <div className="chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
