import { ComingSoon } from '@web/components/coming-soon';

export function BlogListPage() {
  return <ComingSoon title="Latest Posts" />;
}
