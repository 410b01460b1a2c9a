import { ProspectPipeline } from '../../features/prospect-pipeline/components/prospect-pipeline.tsx';

/** /prospects: Prospect Pipeline (spec section 2). */
export function ProspectsRoute() {
  return <ProspectPipeline />;
}
