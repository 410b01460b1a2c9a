import { ProspectPipeline } from '../../features/prospects/components/prospect-pipeline.tsx';

/** /prospects: Prospect Pipeline (spec section 2). */
export function ProspectsRoute() {
  return <ProspectPipeline />;
}
