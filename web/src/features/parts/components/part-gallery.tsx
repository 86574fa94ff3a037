import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { picturesOf, type CataloguePart, type PartPicture } from '@sprocket/contract';
import { useId, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { PartImage } from '../../../components/data/part-image.js';
import { ChevronLeftIcon } from '../../../components/icons/chevron-left.js';
import { ChevronRightIcon } from '../../../components/icons/chevron-right.js';
import { CloseIcon } from '../../../components/icons/close.js';
import { ZoomInIcon } from '../../../components/icons/zoom-in.js';
import { ZoomOutIcon } from '../../../components/icons/zoom-out.js';

/** How much larger a zoomed picture is than the screen's width. */
const ZOOM = 2.5;
/** How far a finger moves sideways before it is a swipe rather than a tap, in CSS pixels. */
const SWIPE_PX = 40;

/** The largest copy of a picture: what its link opens before the scripts run. */
const largestOf = (picture: PartPicture) => picture.renditions?.at(-1)?.webp ?? picture.url;

/** A swipe's direction from a pointer's way down and up: -1 back, 1 forward, 0 a tap. */
function useSwipe(onSwipe: (step: -1 | 1) => void) {
  const start = useRef<number | null>(null);
  const swiped = useRef(false);
  return {
    /** Whether the last pointer's way was a swipe (the click that follows it is not a tap). */
    swiped,
    handlers: {
      onPointerDown: (event: PointerEvent) => {
        start.current = event.clientX;
        swiped.current = false;
      },
      onPointerUp: (event: PointerEvent) => {
        if (start.current === null) return;
        const moved = event.clientX - start.current;
        start.current = null;
        if (Math.abs(moved) < SWIPE_PX) return;
        swiped.current = true;
        onSwipe(moved < 0 ? 1 : -1);
      },
    },
  };
}

/**
 * One picture on the whole screen (issue 35 item 7): a tap or Zoom in shows it at 2.5 times the
 * screen's width where it was tapped, and the page scrolls (a finger pans) over it; a swipe or the
 * arrows, buttons or keys go to the next picture.
 */
function ZoomDialog({
  pictures,
  at,
  onShow,
  onClose,
}: {
  pictures: PartPicture[];
  at: number | null;
  onShow: (index: number) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [zoomed, setZoomed] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  // Where the picture was tapped, as fractions of its size, to bring under the finger once zoomed.
  const focus = useRef({ x: 0.5, y: 0.5 });
  const count = pictures.length;
  const step = (by: -1 | 1) => {
    if (at === null || count < 2) return;
    setZoomed(false);
    onShow((at + by + count) % count);
  };
  const swipe = useSwipe((by) => {
    if (!zoomed) step(by);
  });

  useLayoutEffect(() => {
    const box = viewport.current;
    if (!zoomed || !box) return;
    box.scrollLeft = focus.current.x * box.scrollWidth - box.clientWidth / 2;
    box.scrollTop = focus.current.y * box.scrollHeight - box.clientHeight / 2;
  }, [zoomed]);

  if (at === null) return null;
  const picture = pictures[at]!;
  const close = () => {
    setZoomed(false);
    onClose();
  };
  return (
    <Dialog
      open
      fullScreen
      // The gallery puts the focus back on the picture last shown here (onClose).
      disableRestoreFocus
      onClose={close}
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        // Zoomed, the arrow keys pan the picture (its box scrolls) instead.
        if (zoomed) return;
        if (event.key === 'ArrowLeft') step(-1);
        if (event.key === 'ArrowRight') step(1);
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{
          alignItems: 'center',
          px: { xs: 1, sm: 2 },
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id={titleId} sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {picture.alt}
          {count > 1 && (
            <Typography component="span" color="textSecondary">
              {` · ${at + 1} of ${count}`}
            </Typography>
          )}
        </Typography>
        <IconButton
          aria-label={zoomed ? 'Zoom out' : 'Zoom in'}
          aria-pressed={zoomed}
          onClick={() => {
            focus.current = { x: 0.5, y: 0.5 };
            setZoomed(!zoomed);
          }}
          size="large"
        >
          {zoomed ? <ZoomOutIcon /> : <ZoomInIcon />}
        </IconButton>
        <IconButton aria-label="Close" onClick={close} size="large">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
        <Box
          ref={viewport}
          data-testid="zoomed-picture"
          // Reached by the keyboard, whose arrow keys then pan a zoomed picture.
          tabIndex={0}
          {...swipe.handlers}
          // A mouse swipes too: the browser's own dragging of the picture would take its pointer.
          onDragStart={(event) => event.preventDefault()}
          onClick={(event) => {
            if (swipe.swiped.current) return;
            const image = (event.target as HTMLElement).closest('img');
            if (!image) return;
            const box = image.getBoundingClientRect();
            focus.current = {
              x: (event.clientX - box.left) / box.width,
              y: (event.clientY - box.top) / box.height,
            };
            setZoomed(!zoomed);
          }}
          sx={{
            position: 'absolute',
            inset: 0,
            overflow: 'auto',
            display: zoomed ? 'block' : 'grid',
            placeItems: 'center',
            cursor: zoomed ? 'zoom-out' : 'zoom-in',
            // A finger pans a zoomed picture; across a whole one it swipes to the next.
            touchAction: zoomed ? 'pan-x pan-y' : 'pan-y',
          }}
        >
          <PartImage
            key={picture.url}
            src={picture.url}
            alt={picture.alt}
            renditions={picture.renditions}
            sizes={zoomed ? `${ZOOM * 100}vw` : '100vw'}
            loading="eager"
            sx={
              zoomed
                ? {
                    width: `${ZOOM * 100}%`,
                    maxWidth: 'none',
                    height: 'auto',
                    objectFit: 'contain',
                  }
                : { width: '100%', height: '100%', objectFit: 'contain' }
            }
          />
        </Box>
        {count > 1 && (
          <>
            <IconButton
              aria-label="Previous picture"
              onClick={() => step(-1)}
              size="large"
              sx={{ ...arrowSx, left: 8 }}
            >
              <ChevronLeftIcon />
            </IconButton>
            <IconButton
              aria-label="Next picture"
              onClick={() => step(1)}
              size="large"
              sx={{ ...arrowSx, right: 8 }}
            >
              <ChevronRightIcon />
            </IconButton>
          </>
        )}
      </Box>
    </Dialog>
  );
}

const arrowSx = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  bgcolor: 'rgba(255, 255, 255, 0.9)',
  boxShadow: 1,
  '&:hover': { bgcolor: 'background.paper' },
} as const;

/**
 * A product page's pictures (issue 35 item 7, docs/decisions/106): the first large, the others a
 * swipe away on a phone (the row snaps picture by picture) and under thumbnails from 600 px.
 * A tap on a picture opens it whole on the screen to zoom (ZoomDialog); before the scripts run,
 * the same tap opens its largest copy. A part without pictures shows the placeholder.
 */
export function PartGallery({
  part,
}: {
  part: Pick<CataloguePart, 'img' | 'images' | 'productName'>;
}) {
  const pictures = picturesOf(part);
  const [shown, setShown] = useState(0);
  const [zoomAt, setZoomAt] = useState<number | null>(null);
  const track = useRef<HTMLDivElement>(null);
  const zoomLinks = useRef<(HTMLAnchorElement | null)[]>([]);
  const count = pictures.length;

  const show = (index: number) => {
    setShown(index);
    const box = track.current;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    box?.scrollTo({ left: index * box.clientWidth, behavior: still ? 'instant' : 'smooth' });
  };

  return (
    <Box component="section" aria-label={`Pictures of ${part.productName}`}>
      <Box sx={{ position: 'relative' }}>
        <Box
          ref={track}
          data-testid="gallery-track"
          onScroll={(event) => {
            const box = event.currentTarget;
            setShown(Math.round(box.scrollLeft / Math.max(box.clientWidth, 1)));
          }}
          sx={{
            display: 'flex',
            overflowX: count > 1 ? 'auto' : 'hidden',
            scrollSnapType: 'x mandatory',
            scrollbarWidth: 'none',
            '&::-webkit-scrollbar': { display: 'none' },
            borderRadius: 3,
            // A phone keeps the page's first screen for the name, price and buttons.
            aspectRatio: { xs: '3 / 2', sm: '4 / 3' },
          }}
        >
          {pictures.map((picture, index) => {
            const image = (
              <PartImage
                src={picture.url}
                alt={picture.alt}
                renditions={picture.renditions}
                // Half the page from 900 px (at most 1200 px wide), the whole width below.
                sizes="(min-width: 900px) 600px, 100vw"
                loading={index === 0 ? 'eager' : 'lazy'}
                sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
              />
            );
            return (
              <Box
                key={`${index}-${picture.url}`}
                role="group"
                aria-label={count > 1 ? `Picture ${index + 1} of ${count}` : undefined}
                sx={{ flex: '0 0 100%', scrollSnapAlign: 'center', height: '100%' }}
              >
                {picture.url.trim() === '' ? (
                  image
                ) : (
                  <ButtonBase
                    component="a"
                    ref={(link: HTMLAnchorElement | null) => {
                      zoomLinks.current[index] = link;
                    }}
                    href={largestOf(picture)}
                    aria-label={`Zoom in: ${picture.alt}`}
                    onClick={(event) => {
                      event.preventDefault();
                      setZoomAt(index);
                    }}
                    sx={{ display: 'block', width: '100%', height: '100%', cursor: 'zoom-in' }}
                  >
                    {image}
                  </ButtonBase>
                )}
              </Box>
            );
          })}
        </Box>
        {count > 1 && (
          // A phone's sign of more pictures to swipe to; the thumbnails say it from 600 px.
          <Stack
            direction="row"
            spacing={0.75}
            aria-hidden="true"
            sx={{
              display: { xs: 'flex', sm: 'none' },
              position: 'absolute',
              bottom: 10,
              left: '50%',
              transform: 'translateX(-50%)',
            }}
          >
            {pictures.map((picture, index) => (
              <Box
                key={`${index}-${picture.url}`}
                sx={{
                  width: 8,
                  height: 8,
                  borderRadius: '50%',
                  bgcolor: index === shown ? 'primary.main' : 'rgba(31, 38, 43, 0.25)',
                }}
              />
            ))}
          </Stack>
        )}
      </Box>
      {count > 1 && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ display: { xs: 'none', sm: 'flex' }, mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}
        >
          {pictures.map((picture, index) => (
            <ButtonBase
              key={`${index}-${picture.url}`}
              aria-label={`Show picture ${index + 1}: ${picture.alt}`}
              aria-current={index === shown ? 'true' : undefined}
              onClick={() => show(index)}
              sx={{
                width: 72,
                height: 54,
                borderRadius: 1.5,
                overflow: 'hidden',
                outline: index === shown ? '2px solid' : '1px solid',
                outlineColor: index === shown ? 'primary.main' : 'divider',
                outlineOffset: 1,
              }}
            >
              <PartImage
                src={picture.url}
                alt=""
                renditions={picture.renditions}
                sizes="72px"
                loading="lazy"
                sx={{ width: '100%', height: '100%' }}
              />
            </ButtonBase>
          ))}
        </Stack>
      )}
      <ZoomDialog
        pictures={pictures}
        at={zoomAt}
        onShow={setZoomAt}
        onClose={() => {
          if (zoomAt !== null) {
            show(zoomAt);
            // Focused without scrolling: the row already shows it, and moves smoothly there.
            zoomLinks.current[zoomAt]?.focus({ preventScroll: true });
          }
          setZoomAt(null);
        }}
      />
    </Box>
  );
}
