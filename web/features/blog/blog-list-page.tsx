import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArticleIcon from '@mui/icons-material/Article';
import { Link as RouterLink } from 'react-router-dom';
import { SKELETONS } from '@shared/constants';
import { formatDate, isHttpUrl } from '@shared/format';
import type { TBlogPost } from '@shared/schemas/admin';
import { useBlogPosts } from '@web/api/blog/blog-posts';
import { BlogHeader } from './blog-header';

const PAGE = { limit: 50, offset: 0 };

export function BlogThumbnail({ post, height }: { post: TBlogPost; height: number }) {
  const usable = !!post.thumbnail && (isHttpUrl(post.thumbnail) || post.thumbnail.startsWith('/uploads/'));
  if (usable) return <CardMedia component="img" image={post.thumbnail!} alt="" sx={{ height, objectFit: 'cover' }} />;
  return (
    <Box aria-hidden sx={{ height, bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <ArticleIcon color="disabled" sx={{ fontSize: 48 }} />
    </Box>
  );
}

function BlogCard({ post }: { post: TBlogPost }) {
  return (
    <Card variant="outlined" component="article" data-testid="blog-card" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <BlogThumbnail post={post} height={180} />
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          <Link component={RouterLink} to={`/blog/${post.slug}`} underline="hover" color="textPrimary">
            {post.title}
          </Link>
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {post.excerpt}
        </Typography>
        <Typography variant="caption" color="textSecondary" component="p">
          {`By ${post.authorName}`}
        </Typography>
        <Typography variant="caption" color="textSecondary" component="time" dateTime={post.publishedAt}>
          {formatDate(post.publishedAt)}
        </Typography>
      </CardContent>
    </Card>
  );
}

const grid = { display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } } as const;

/** /blog: 'Latest Posts', three placeholders while loading, the cards or the empty state. */
export function BlogListPage() {
  const posts = useBlogPosts(PAGE);
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <BlogHeader />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>
        Latest Posts
      </Typography>
      {posts.isLoading ? (
        <Box sx={grid} data-testid="blog-skeletons">
          {Array.from({ length: SKELETONS.blogList }, (_, i) => (
            <Skeleton key={i} variant="rectangular" height={320} />
          ))}
        </Box>
      ) : posts.isError ? (
        <Typography color="error">Failed to load blog posts</Typography>
      ) : !posts.data || posts.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
          <Typography variant="h6" component="h2">
            No blog posts yet
          </Typography>
          <Typography color="textSecondary">Check back soon for the latest updates and insights.</Typography>
        </Paper>
      ) : (
        <Box sx={grid}>
          {posts.data.map((p) => (
            <BlogCard key={p.id} post={p} />
          ))}
        </Box>
      )}
    </Box>
  );
}
