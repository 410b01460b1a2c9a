import { useParams } from 'react-router-dom';
import { CampaignPage } from '../../features/campaigns/components/campaign-page.tsx';
import { StartCampaign } from '../../features/campaigns/components/start-campaign.tsx';
import { ErrorAlert } from '../../components/ui/error-alert.tsx';

/** /outreach/campaigns/:id: one campaign, its batch's progress and controls. */
export function CampaignRoute() {
  const { id } = useParams();
  if (!id || !/^[1-9]\d{0,9}$/.test(id)) return <ErrorAlert message={`"${id}" is not a campaign id: campaigns are numbered 1, 2, 3…`} />;
  return <CampaignPage key={id} campaignId={Number(id)} />;
}

/** /outreach/campaigns/new: the headline journey, a campaign from the ICP. */
export function NewCampaignRoute() {
  return <StartCampaign />;
}
