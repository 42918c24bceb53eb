import { listingRoute } from '../_catalog/catalog-routes';

const route = listingRoute('models');
export const generateMetadata = route.generateMetadata;
export default route.Page;
