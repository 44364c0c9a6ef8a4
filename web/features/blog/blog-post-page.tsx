import { ComingSoon } from '@web/components/coming-soon';

export function BlogPostPage() {
  return <ComingSoon title="Blog" />;
}
