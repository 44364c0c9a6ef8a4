import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatDate } from '@shared/format';
import { useBlogPost } from '@web/api/blog/blog-posts';
import { ApiError } from '@web/lib/api-client';
import { BlogHeader } from './blog-header';
import { BlogThumbnail } from './blog-list-page';

function BackToBlog() {
  return (
    <Link component={RouterLink} to="/blog" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
      <ArrowBackIcon fontSize="small" aria-hidden />
      Back to Blog
    </Link>
  );
}

/** /blog/{slug}: the whole post; content is plain text with its line breaks kept, never HTML. */
export function BlogPostPage() {
  const { slug } = useParams();
  const post = useBlogPost(slug);
  return (
    <Box sx={{ maxWidth: 820, mx: 'auto' }}>
      <BlogHeader />
      <BackToBlog />
      {post.isLoading ? (
        <Box data-testid="blog-post-skeleton">
          <Skeleton height={56} width="70%" />
          <Skeleton height={24} width="30%" />
          <Skeleton variant="rectangular" height={240} sx={{ my: 2 }} />
        </Box>
      ) : post.error instanceof ApiError && post.error.status === 404 ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
          <Typography variant="h4" component="h1" gutterBottom>
            Blog post not found
          </Typography>
          <Typography color="textSecondary">The blog post you&apos;re looking for doesn&apos;t exist.</Typography>
        </Paper>
      ) : !post.data ? (
        <Typography color="error">Failed to load this blog post</Typography>
      ) : (
        <Box component="article">
          <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.5rem' } }}>
            {post.data.title}
          </Typography>
          <Typography color="textSecondary" sx={{ mt: 1 }}>
            {`By ${post.data.authorName} · `}
            <time dateTime={post.data.publishedAt}>{formatDate(post.data.publishedAt)}</time>
          </Typography>
          {post.data.thumbnail && (
            <Card variant="outlined" sx={{ my: 3 }}>
              <BlogThumbnail post={post.data} height={320} />
            </Card>
          )}
          <Typography variant="h6" component="p" color="textSecondary" sx={{ my: 3 }}>
            {post.data.excerpt}
          </Typography>
          <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.7 }} data-testid="blog-post-content">
            {post.data.content}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
