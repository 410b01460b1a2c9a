import { IcpBuilder } from '../../features/icp/components/icp-builder.tsx';

/** /icp-builder: customer websites in, Ideal Customer Profile slices out (spec section 2). */
export function IcpBuilderRoute() {
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold">ICP Builder</h1>
        <p className="text-base-content/70">Analyze customer websites to generate Ideal Customer Profiles</p>
      </header>
      <IcpBuilder />
    </div>
  );
}
