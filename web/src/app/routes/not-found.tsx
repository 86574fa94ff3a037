import { NotFoundPage } from '../../components/feedback/not-found-page.js';
import { usePageTitle } from '../../lib/use-page-title.js';

export default function NotFoundRoute() {
  usePageTitle('Page not found');
  return <NotFoundPage />;
}
