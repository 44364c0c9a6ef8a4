import { ComingSoon } from '@web/components/coming-soon';

export function ProjectPreviewPage() {
  return <ComingSoon title="Project Preview" />;
}
