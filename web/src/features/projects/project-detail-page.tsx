import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '../../app/page-header';
import { usePageTitle } from '../../app/use-page-title';
import { parseProjectId } from './parse-project-id';

export function ProjectDetailPage() {
  const projectId = parseProjectId(useParams().id);
  usePageTitle(projectId === null ? 'Project not found' : 'Project');

  if (projectId === null) {
    return (
      <section className="page">
        <PageHeader
          title="Project not found"
          description="The project you're looking for doesn't exist or you don't have access to it."
        />
        <Link to="/projects">Back to Projects</Link>
      </section>
    );
  }
  return (
    <section className="page">
      <PageHeader title="Project" />
    </section>
  );
}
