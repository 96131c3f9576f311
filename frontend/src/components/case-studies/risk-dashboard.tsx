import { Activity, BrainCircuit, CheckCircle2, ShieldAlert } from '@/components/ui/icons';
import { useState } from 'react';
import { cn } from '@/lib/cn';

export const riskScenarios = [
  { id: 'baseline', label: 'Baseline', probability: 65 },
  { id: 'optimistic', label: 'Optimistic', probability: 45 },
  { id: 'conservative', label: 'Conservative', probability: 85 },
] as const;

type ScenarioId = (typeof riskScenarios)[number]['id'];
export type RiskLevel = 'high' | 'elevated' | 'low';

/** Red above 70, yellow above 50, otherwise green. */
export function riskLevel(probability: number): RiskLevel {
  if (probability > 70) return 'high';
  if (probability > 50) return 'elevated';
  return 'low';
}

/** Plain sRGB colours (red, yellow, green) so that the meaning survives any theme change. */
const levelStyle: Record<RiskLevel, { text: string; bar: string; label: string }> = {
  high: { text: 'text-[#ef4444]', bar: 'bg-[#ef4444]', label: 'High risk' },
  elevated: { text: 'text-[#facc15]', bar: 'bg-[#facc15]', label: 'Elevated risk' },
  low: { text: 'text-[#4ade80]', bar: 'bg-[#4ade80]', label: 'Low risk' },
};

const factors: Record<ScenarioId, { name: string; impact: string; weight: number }[]> = {
  baseline: [
    { name: 'Building age and construction class', impact: 'High', weight: 0.32 },
    { name: 'Claims history (5 years)', impact: 'Medium', weight: 0.24 },
    { name: 'Flood zone exposure', impact: 'Medium', weight: 0.18 },
    { name: 'Sprinkler and alarm coverage', impact: 'Low', weight: 0.11 },
  ],
  optimistic: [
    { name: 'Building age and construction class', impact: 'Medium', weight: 0.26 },
    { name: 'Claims history (5 years)', impact: 'Low', weight: 0.17 },
    { name: 'Flood zone exposure', impact: 'Low', weight: 0.12 },
    { name: 'Sprinkler and alarm coverage', impact: 'Low', weight: 0.08 },
  ],
  conservative: [
    { name: 'Building age and construction class', impact: 'High', weight: 0.38 },
    { name: 'Claims history (5 years)', impact: 'High', weight: 0.29 },
    { name: 'Flood zone exposure', impact: 'High', weight: 0.23 },
    { name: 'Sprinkler and alarm coverage', impact: 'Medium', weight: 0.14 },
  ],
};

const recommendations = [
  'Request an updated fire-risk assessment before binding.',
  'Apply a flood excess endorsement for ground-floor stock.',
  'Offer a premium credit for monitored sprinkler systems.',
];

/** The interactive mock-up of the Relative Probability underwriter dashboard. */
export function RiskDashboard() {
  const [scenarioId, setScenarioId] = useState<ScenarioId>('baseline');
  const scenario = riskScenarios.find((candidate) => candidate.id === scenarioId) ?? riskScenarios[0];
  const level = riskLevel(scenario.probability);
  const style = levelStyle[level];

  return (
    <figure className="my-10 overflow-hidden rounded-card bg-ink text-white shadow-lift" data-testid="risk-dashboard">
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-white/10 px-6 py-4">
        <p className="flex items-center gap-2 font-display font-semibold">
          <Activity className="size-5 text-labs" aria-hidden="true" /> Risk Assessment Dashboard
        </p>
        <div role="group" aria-label="Scenario" className="flex rounded-full bg-white/10 p-1">
          {riskScenarios.map((candidate) => (
            <button
              key={candidate.id}
              type="button"
              aria-pressed={candidate.id === scenarioId}
              onClick={() => setScenarioId(candidate.id)}
              className={cn(
                'rounded-full px-3 py-1.5 text-xs font-semibold transition-colors sm:px-4 sm:text-sm',
                candidate.id === scenarioId ? 'bg-white text-ink' : 'text-white/75 hover:text-white',
              )}
            >
              {candidate.label}
            </button>
          ))}
        </div>
      </div>
      <div className="grid gap-6 p-6 lg:grid-cols-[1fr_1.4fr]">
        <div className="grid gap-6">
          <div className="rounded-2xl bg-white/5 p-5">
            <p className="text-sm text-white/60">Risk probability</p>
            <p
              className={cn('mt-1 font-display text-6xl font-semibold tracking-tight', style.text)}
              data-testid="risk-probability"
              data-level={level}
            >
              {scenario.probability}%
            </p>
            <p className={cn('mt-1 text-sm font-semibold', style.text)}>{style.label}</p>
            <div className="mt-4 h-2 rounded-full bg-white/10">
              <div
                className={cn('h-2 rounded-full transition-all duration-500', style.bar)}
                style={{ width: `${scenario.probability}%` }}
              />
            </div>
          </div>
          <div className="rounded-2xl bg-white/5 p-5">
            <p className="flex items-center gap-2 text-sm text-white/60">
              <BrainCircuit className="size-4" aria-hidden="true" /> Model confidence
            </p>
            <p className="mt-1 font-display text-4xl font-semibold" data-testid="model-confidence">
              94.2%
            </p>
            <p className="mt-1 text-sm text-white/60">Based on 10,000+ validated cases</p>
          </div>
        </div>
        <div className="grid gap-6">
          <div className="rounded-2xl bg-white/5 p-5">
            <p className="text-sm font-semibold">Contributing factors</p>
            <ul className="mt-4 grid gap-3" data-testid="risk-factors">
              {factors[scenario.id].map((factor) => (
                <li key={factor.name} className="grid grid-cols-[1fr_auto_auto] items-center gap-3 text-sm">
                  <span className="text-white/85">{factor.name}</span>
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs font-semibold',
                      factor.impact === 'High'
                        ? 'bg-red-500/20 text-red-300'
                        : factor.impact === 'Medium'
                          ? 'bg-yellow-400/20 text-yellow-200'
                          : 'bg-green-400/20 text-green-200',
                    )}
                  >
                    {factor.impact}
                  </span>
                  <span className="w-12 text-right font-mono text-white/70">{factor.weight.toFixed(2)}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl bg-white/5 p-5">
            <p className="flex items-center gap-2 text-sm font-semibold">
              <ShieldAlert className="size-4 text-labs" aria-hidden="true" /> AI recommendations
            </p>
            <ul className="mt-4 grid gap-2 text-sm text-white/85">
              {recommendations.map((recommendation) => (
                <li key={recommendation} className="flex items-start gap-2">
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-labs" aria-hidden="true" /> {recommendation}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
      <figcaption className="flex flex-wrap justify-between gap-2 border-t border-white/10 px-6 py-3 text-xs text-white/55">
        <span>Interactive mock-up of the underwriter dashboard</span>
        <span data-testid="model-version">Model v2.1.3</span>
      </figcaption>
    </figure>
  );
}
