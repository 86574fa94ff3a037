import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageSection } from '../../components/layout/page-section.js';
import { usePageTitle } from '../../lib/use-page-title.js';
import { blogPosts } from '../../features/blogs/components/blog-posts.js';

export default function BlogsRoute() {
  usePageTitle('Blogs');
  return (
    <PageSection maxWidth="md">
      <Typography variant="h3" component="h1" sx={{ textAlign: 'center', mb: 1 }}>
        Blogs
      </Typography>
      <Typography color="textSecondary" sx={{ textAlign: 'center', mb: { xs: 4, md: 6 } }}>
        Notes from the team that builds this shop, on the questions we get asked most.
      </Typography>
      <Stack spacing={3}>
        {blogPosts.map((post) => (
          <Card key={post.id} component="article" aria-labelledby={`blog-${post.id}`}>
            <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
              <Typography id={`blog-${post.id}`} variant="h5" component="h2" sx={{ mb: 2 }}>
                {post.question}
              </Typography>
              {post.body.map((paragraph, index) =>
                paragraph.code ? (
                  <Box
                    key={index}
                    component="pre"
                    // A code line wider than a phone scrolls: focusable so a keyboard can scroll it.
                    tabIndex={0}
                    role="region"
                    aria-label={`Code example: ${post.question}`}
                    sx={{
                      bgcolor: '#14262b',
                      color: '#e6f0ee',
                      p: 2,
                      borderRadius: 2,
                      overflowX: 'auto',
                      fontSize: 14,
                      mb: 2,
                      '&:last-child': { mb: 0 },
                    }}
                  >
                    <code>{paragraph.text}</code>
                  </Box>
                ) : (
                  <Typography
                    key={index}
                    sx={{ mb: 2, lineHeight: 1.75, '&:last-child': { mb: 0 } }}
                  >
                    {paragraph.text}
                  </Typography>
                ),
              )}
            </CardContent>
          </Card>
        ))}
      </Stack>
    </PageSection>
  );
}
