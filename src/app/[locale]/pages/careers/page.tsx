import { contentPageRoute } from '../../_content/content-page';

const route = contentPageRoute('careers', '/pages/careers');
export const generateMetadata = route.generateMetadata;
export default route.Page;
