import { useEffect } from 'react';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useSearchParams } from 'react-router-dom';
import { SKELETONS } from '@shared/constants';
import { ProjectGrid } from '@web/components/project-grid';
import { errorMessage } from '@web/lib/api-client';
import { useAuthRedirect } from '@web/components/use-auth-redirect';
import { useSearchResults } from '@web/api/discovery/get-search-results';
import { CommentResults } from './components/comment-results';
import { ResultSection } from './components/result-section';
import { useSearchSection } from './hooks/use-search-section';

function Message({ title, text }: { title: string; text?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 }, textAlign: 'center' }}>
      <Stack spacing={1} sx={{ alignItems: 'center' }}>
        <SearchIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h6" component="p">
          {title}
        </Typography>
        {text && <Typography color="textSecondary">{text}</Typography>}
      </Stack>
    </Paper>
  );
}

/** /search?q=: the Projects and Comments sections with their counts, a page of each and 'Show more'. */
export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const results = useSearchResults(q);
  const authRedirect = useAuthRedirect();

  useEffect(() => {
    if (results.error) authRedirect(results.error);
  }, [results.error, authRedirect]);

  const projectSection = useSearchSection(q, 'projects', results.data, (page) => page.projects);
  const commentSection = useSearchSection(q, 'comments', results.data, (page) => page.comments);
  const projects = projectSection.items;
  const comments = commentSection.items;

  return (
    <Stack spacing={4}>
      <Stack spacing={0.5}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          Search Results
        </Typography>
        {q && <Typography color="textSecondary">Results for &ldquo;{q}&rdquo;</Typography>}
      </Stack>

      {!q ? (
        <Message title="Enter a search term..." text="Find projects by title, description, category or author, and comments by what they say." />
      ) : results.isLoading ? (
        <ProjectGrid loading={SKELETONS.recommendedGrid} label="Searching">
          <Grid size={12}>
            <Skeleton variant="rounded" height={72} />
          </Grid>
        </ProjectGrid>
      ) : results.isError ? (
        <Message title="Search failed" text={errorMessage(results.error, 'Please try again.')} />
      ) : projects.length === 0 && comments.length === 0 ? (
        <Message title="No results found" text="Try other words, or check the spelling." />
      ) : (
        <>
          <ResultSection id="projects" title="Projects" count={projectSection.count} more={projectSection}>
            {projects.length === 0 ? (
              <Typography color="textSecondary">No matching projects</Typography>
            ) : (
              <ProjectGrid projects={projects} />
            )}
          </ResultSection>
          <ResultSection id="comments" title="Comments" count={commentSection.count} more={commentSection}>
            {comments.length === 0 ? (
              <Typography color="textSecondary">No matching comments</Typography>
            ) : (
              <CommentResults comments={comments} />
            )}
          </ResultSection>
        </>
      )}
    </Stack>
  );
}
