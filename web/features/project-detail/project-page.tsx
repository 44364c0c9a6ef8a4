import { ComingSoon } from '@web/components/coming-soon';

export function ProjectPage() {
  return <ComingSoon title="Project" />;
}
