import { contentPageRoute } from '../../_content/content-page';

const route = contentPageRoute('sell-3d-models', '/pages/sell-3d-models');
export const generateMetadata = route.generateMetadata;
export default route.Page;
