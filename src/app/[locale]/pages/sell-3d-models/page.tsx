import { SellCallToAction } from '@/features/studio/components/sell-call-to-action';
import { currentUser } from '@/server/auth/visitor';

import { contentPageRoute } from '../../_content/content-page';

const route = contentPageRoute('sell-3d-models', '/pages/sell-3d-models', {
  after: async (locale) => <SellCallToAction locale={locale} user={await currentUser()} />,
});
export const generateMetadata = route.generateMetadata;
export default route.Page;
