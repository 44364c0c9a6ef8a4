import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { BLOG_CONTENT_ROWS, BLOG_EXCERPT_ROWS } from '@shared/constants';
import { formatDate } from '@shared/format';
import { ADMIN_MESSAGES, BLOG_SLUG_MAX, ZBlogPostInputSchema, type TBlogPost } from '@shared/schemas/admin';
import { useBlogPosts, useCreateBlogPost, useDeleteBlogPost, useUpdateBlogPost } from '@web/api/blog/blog-posts';
import { useAdminFailure, useValidationToast } from './admin-toasts';
import { ConfirmDialog } from './confirm-dialog';
import { Pager } from './pager';

const PAGE = 20;
type Form = { title: string; slug: string; excerpt: string; thumbnail: string; content: string };
const EMPTY: Form = { title: '', slug: '', excerpt: '', thumbnail: '', content: '' };

function BlogDialog({ open, editing, onClose }: { open: boolean; editing: TBlogPost | null; onClose: () => void }) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [loadedFor, setLoadedFor] = useState<number | null | undefined>(undefined);
  const create = useCreateBlogPost();
  const update = useUpdateBlogPost();
  const failed = useAdminFailure();
  const invalid = useValidationToast();
  const pending = create.isPending || update.isPending;

  // Edit fills the form; New Post clears it, so an edit never leaks into a new post.
  const key = open ? (editing?.id ?? null) : undefined;
  if (key !== loadedFor) {
    setLoadedFor(key);
    setForm(editing ? { title: editing.title, slug: editing.slug, excerpt: editing.excerpt, thumbnail: editing.thumbnail ?? '', content: editing.content } : EMPTY);
  }

  const set = (field: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = () => {
    if (pending) return;
    const parsed = ZBlogPostInputSchema.safeParse(form);
    if (!parsed.success) {
      invalid(parsed.error.issues[0]?.message ?? ADMIN_MESSAGES.blogFieldsRequired);
      return;
    }
    const input = { ...parsed.data, thumbnail: parsed.data.thumbnail ?? '' };
    if (editing) {
      update.mutate({ id: editing.id, input }, { onSuccess: onClose, onError: (e) => failed('Failed to update blog post', e, false) });
    } else {
      create.mutate(input, { onSuccess: onClose, onError: (e) => failed('Failed to create blog post', e, false) });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="blog-dialog-title">
      <DialogTitle id="blog-dialog-title">{editing ? 'Edit Blog Post' : 'Create New Blog Post'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label="Title" value={form.title} onChange={set('title')} required fullWidth />
          <TextField
            label="Slug (URL)"
            value={form.slug}
            onChange={set('slug')}
            required
            fullWidth
            helperText="Lowercase letters, numbers and hyphens"
            slotProps={{ htmlInput: { maxLength: BLOG_SLUG_MAX } }}
          />
          <TextField label="Excerpt" value={form.excerpt} onChange={set('excerpt')} required fullWidth multiline rows={BLOG_EXCERPT_ROWS} />
          <TextField label="Thumbnail URL (optional)" value={form.thumbnail} onChange={set('thumbnail')} fullWidth />
          <TextField label="Content" value={form.content} onChange={set('content')} required fullWidth multiline rows={BLOG_CONTENT_ROWS} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={pending}>
          {editing ? (update.isPending ? 'Updating...' : 'Update Post') : create.isPending ? 'Creating...' : 'Create Post'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The Blog tab: New Post, the list (from GET /api/blog), Edit, View and Delete. */
export function BlogTab() {
  const [offset, setOffset] = useState(0);
  const posts = useBlogPosts({ limit: PAGE, offset });
  const [dialog, setDialog] = useState<{ open: boolean; editing: TBlogPost | null }>({ open: false, editing: null });
  const [deleting, setDeleting] = useState<TBlogPost | null>(null);
  const del = useDeleteBlogPost();
  const failed = useAdminFailure();
  const list = posts.data ?? [];

  return (
    <Box>
      <Button variant="contained" startIcon={<AddIcon />} sx={{ mb: 2 }} onClick={() => setDialog({ open: true, editing: null })}>
        New Post
      </Button>
      {posts.isLoading ? (
        <Typography color="textSecondary">Loading blog posts...</Typography>
      ) : posts.isError ? (
        <Typography color="error">Failed to load blog posts</Typography>
      ) : list.length === 0 ? (
        <Typography color="textSecondary">No blog posts found</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label="Blog posts">
          {list.map((p) => (
            <Paper key={p.id} variant="outlined" component="li" data-testid="admin-blog-row" sx={{ p: 2, listStyle: 'none' }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography sx={{ fontWeight: 600 }}>{p.title}</Typography>
                    <Chip size="small" variant="outlined" label={`/${p.slug}`} />
                  </Stack>
                  <Typography variant="body2" color="textSecondary" sx={{ my: 0.5 }}>
                    {p.excerpt}
                  </Typography>
                  <Typography variant="body2" color="textSecondary">
                    {`By ${p.authorName} · ${formatDate(p.publishedAt)}`}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <Button size="small" variant="outlined" onClick={() => setDialog({ open: true, editing: p })} aria-label={`Edit ${p.title}`}>
                    Edit
                  </Button>
                  <Button size="small" variant="outlined" href={`/blog/${p.slug}`} target="_blank" rel="noopener noreferrer" aria-label={`View ${p.title}`}>
                    View
                  </Button>
                  <Button size="small" variant="outlined" color="error" onClick={() => setDeleting(p)} aria-label={`Delete ${p.title}`}>
                    Delete
                  </Button>
                </Stack>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {(offset > 0 || list.length === PAGE) && (
        <Pager label="Blog pages" offset={offset} limit={PAGE} total={offset + list.length + (list.length === PAGE ? 1 : 0)} onChange={setOffset} />
      )}
      <BlogDialog open={dialog.open} editing={dialog.editing} onClose={() => setDialog({ open: false, editing: null })} />
      <ConfirmDialog
        open={!!deleting}
        title="Delete Blog Post"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={del.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting && del.mutate(deleting.id, { onSuccess: () => setDeleting(null), onError: (e) => failed('Failed to delete blog post', e, false) })
        }
      >
        {deleting ? `This will permanently delete "${deleting.title}". This action cannot be undone.` : ''}
      </ConfirmDialog>
    </Box>
  );
}
