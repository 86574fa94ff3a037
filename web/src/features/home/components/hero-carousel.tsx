import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ChevronLeftIcon } from '../../../components/icons/chevron-left.js';
import { ChevronRightIcon } from '../../../components/icons/chevron-right.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { SlideArt, type SlideArtName } from './slide-art.js';

export interface Slide {
  title: string;
  text: string;
  cta: { label: string; to: string };
  art: SlideArtName;
  background: string;
}

// On phones the arrows sit in the bottom row beside the dots, clear of the slide's text.
const arrowSx = {
  position: 'absolute',
  top: { xs: 'auto', md: '50%' },
  bottom: { xs: 10, md: 'auto' },
  transform: { md: 'translateY(-50%)' },
  zIndex: 1,
  color: '#fff',
  bgcolor: 'rgba(0,0,0,0.25)',
  '&:hover': { bgcolor: 'rgba(0,0,0,0.45)' },
} as const;

/** The slide an address asks for (`?slide=2` is the second), the first when it names none. */
function slideOf(param: string | null, count: number): number {
  const number = Number(param);
  return Number.isInteger(number) && number >= 1 && number <= count ? number - 1 : 0;
}

/**
 * Slides with previous/next arrows that wrap around from the last to the first and back. Before
 * the page is hydrated the arrows and dots are links to the address of their slide (`?slide=2`),
 * which the server renders (docs/decisions/058); once hydrated they change the slide in place.
 */
export function HeroCarousel({ slides }: { slides: Slide[] }) {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const [index, setIndex] = useState(() => slideOf(params.get('slide'), slides.length));
  // The first slide is painted as it is: faded in, it would be painted again once the fade ends,
  // after the page's scripts, and that later paint would count as the page's largest one (LCP).
  const [moved, setMoved] = useState(false);
  const count = slides.length;
  const show = (next: number) => {
    setMoved(true);
    setIndex(next);
  };
  const step = (by: number) => (index + by + count) % count;
  const goTo = (next: number) =>
    hydrated
      ? { onClick: () => show(next) }
      : { component: 'a' as const, href: `?slide=${next + 1}` };
  const slide = slides[index];
  if (!slide) return null;

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label="Featured"
      sx={{
        position: 'relative',
        background: slide.background,
        color: '#fff',
        transition: 'background 400ms ease',
      }}
    >
      <IconButton
        aria-label="Previous slide"
        {...goTo(step(-1))}
        sx={{ ...arrowSx, left: { xs: 12, md: 24 } }}
      >
        <ChevronLeftIcon fontSize="large" />
      </IconButton>
      <IconButton
        aria-label="Next slide"
        {...goTo(step(1))}
        sx={{ ...arrowSx, right: { xs: 12, md: 24 } }}
      >
        <ChevronRightIcon fontSize="large" />
      </IconButton>
      <Container maxWidth="lg" sx={{ px: { xs: 3, md: 10 } }}>
        <Box
          key={index}
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${count}`}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' },
            alignItems: 'center',
            gap: { xs: 2, md: 6 },
            minHeight: { xs: 440, md: 460 },
            py: { xs: 4, md: 6 },
            '@keyframes slide-in': {
              from: { opacity: 0, transform: 'translateY(8px)' },
              to: { opacity: 1, transform: 'none' },
            },
            animation: moved ? 'slide-in 450ms ease-out' : 'none',
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        >
          <Box sx={{ order: { xs: 2, md: 1 }, textAlign: { xs: 'center', md: 'left' } }}>
            <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
              {slide.title}
            </Typography>
            <Typography
              sx={{
                fontSize: { xs: '1rem', md: '1.15rem' },
                opacity: 0.9,
                mb: 3,
                maxWidth: 520,
                mx: { xs: 'auto', md: 0 },
              }}
            >
              {slide.text}
            </Typography>
            <Button
              variant="contained"
              color="secondary"
              size="large"
              component={RouterLink}
              to={slide.cta.to}
            >
              {slide.cta.label}
            </Button>
          </Box>
          <Box sx={{ order: { xs: 1, md: 2 } }}>
            <SlideArt name={slide.art} />
          </Box>
        </Box>
        <Stack
          direction="row"
          sx={{
            justifyContent: 'center',
            alignItems: 'center',
            pb: { xs: 1, md: 3 },
            minHeight: { xs: 56, md: 'auto' },
          }}
        >
          {slides.map((item, dot) => (
            <Box
              key={item.title}
              {...(hydrated ? { component: 'button', type: 'button' } : {})}
              aria-label={`Show slide ${dot + 1}`}
              aria-current={dot === index}
              {...goTo(dot)}
              // A 44 px target for a finger around the small dot it draws.
              sx={{
                width: dot === index ? 48 : 44,
                height: 44,
                p: 0,
                border: 0,
                borderRadius: 22,
                cursor: 'pointer',
                bgcolor: 'transparent',
                display: 'grid',
                placeItems: 'center',
                transition: 'width 200ms ease',
                '&::before': {
                  content: '""',
                  width: dot === index ? 28 : 10,
                  height: 10,
                  borderRadius: 5,
                  bgcolor: dot === index ? 'secondary.main' : 'rgba(255,255,255,0.55)',
                  transition: 'width 200ms ease',
                },
              }}
            />
          ))}
        </Stack>
      </Container>
    </Box>
  );
}
