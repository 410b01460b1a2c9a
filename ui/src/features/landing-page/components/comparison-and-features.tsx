import { AGENTS, COST_COMPARISON, STEPS } from '../content.ts';
import { Section } from './section.tsx';

/** Traditional SDR against Meetflow, row by row. */
export function CostComparison() {
  return (
    <Section id="comparison" title={COST_COMPARISON.title} intro={COST_COMPARISON.intro} tone="muted">
      <div className="overflow-x-auto rounded-box bg-base-100 shadow-sm">
        <table className="table">
          <thead>
            <tr>
              <th />
              <th>Traditional SDR</th>
              <th className="text-primary">Meetflow</th>
            </tr>
          </thead>
          <tbody>
            {COST_COMPARISON.rows.map((row) => (
              <tr key={row.label}>
                <th>{row.label}</th>
                <td className="text-base-content/70">{row.traditional}</td>
                <td className="font-medium">{row.meetflow}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

/** The seven agents and the four steps. */
export function Features() {
  return (
    <Section id="features" title="Seven agents, one pipeline" intro="Each agent does one job and shows its work.">
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table">
          <thead>
            <tr>
              <th>Agent</th>
              <th>What it does</th>
            </tr>
          </thead>
          <tbody>
            {AGENTS.map((agent) => (
              <tr key={agent.name}>
                <th className="whitespace-nowrap">{agent.name}</th>
                <td>{agent.does}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 id="how-it-works" className="mt-14 scroll-mt-20 text-center text-xl font-bold">
        How it works
      </h3>
      <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, index) => (
          <li key={step.title} className="card bg-base-200">
            <div className="card-body gap-2 p-5">
              <span className="badge badge-primary">{index + 1}</span>
              <h4 className="font-semibold">{step.title}</h4>
              <p className="text-sm text-base-content/70">{step.body}</p>
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}
