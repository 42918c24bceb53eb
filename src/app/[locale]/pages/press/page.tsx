import { contentPageRoute } from '../../_content/content-page';

const route = contentPageRoute('press', '/pages/press');
export const generateMetadata = route.generateMetadata;
export default route.Page;
