import type {
  AnimationDirection,
  AnimationItem,
  BMCompleteEvent,
  BMCompleteLoopEvent,
  BMEnterFrameEvent,
  BMSegmentStartEvent,
  LottiePlayer,
  RendererType,
} from 'lottie-web';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';

/** Imperative controls, through `ref` (spec §2/§4: play, pause, stop, reverse, alternate). */
export type AnimationHandle = {
  play: () => void;
  pause: () => void;
  stop: () => void;
  /** Plays backwards from where it is (or forwards again if it was already reversed). */
  reverse: () => void;
  /** Toggles ping-pong mode: the direction flips at the end of each loop. */
  alternate: () => void;
  setSpeed: (speed: number) => void;
};

type Source =
  | { animationData: object; animationLink?: never }
  | { animationLink: string; animationData?: never };

/** Exactly one source; the type says so, and a render-time check covers untyped callers. */
export type AnimationProps = Source & {
  /** Playback rate; must be > 0. Default 1. */
  speed?: number;
  /** true, false or a number of loops. Default true. */
  loop?: boolean | number;
  /** Default true (false while `playOnHover`, which starts it on hover). */
  autoplay?: boolean;
  /** Milliseconds before autoplay starts. Default 0. */
  delay?: number;
  /** 1 forward (default), -1 backward. */
  direction?: AnimationDirection;
  /** CSS scale of the drawing. Default 1. */
  scale?: number;
  renderer?: RendererType;
  width?: string | number;
  height?: string | number;
  /** Controlled pause. */
  pause?: boolean;
  pauseOnHover?: boolean;
  playOnHover?: boolean;
  className?: string;
  /** Describes a meaningful animation; without it the animation is decorative and hidden from screen readers. */
  'aria-label'?: string;
  onLoad?: () => void;
  onLoopComplete?: (event: BMCompleteLoopEvent) => void;
  onComplete?: (event: BMCompleteEvent) => void;
  onEnterFrame?: (event: BMEnterFrameEvent) => void;
  onSegmentStart?: (event: BMSegmentStartEvent) => void;
  /** The link could not be fetched or was not JSON, or lottie-web could not be loaded. */
  onError?: (error: unknown) => void;
  ref?: Ref<AnimationHandle>;
};

export const MISSING_SOURCE_ERROR = 'You must provide either animationLink or animationData';
export const SPEED_ERROR = 'Speed must be greater than 0';
export const PAUSE_WITH_HOVER_WARNING =
  'Animation: `pause` should not be combined with `pauseOnHover` or `playOnHover`: hovering overrides it.';

let lottiePlayer: Promise<LottiePlayer> | null = null;

/**
 * lottie-web weighs about 300 kB minified: it is fetched with the first animation shown rather than
 * with the app's first screen, which matters on a phone's mobile data.
 */
function loadLottie(): Promise<LottiePlayer> {
  lottiePlayer ??= import('lottie-web').then(
    (module) => module.default,
    (error: unknown) => {
      lottiePlayer = null; // a failed chunk download may succeed on the next attempt
      throw error;
    },
  );
  return lottiePlayer;
}

async function fetchAnimation(link: string, signal: AbortSignal): Promise<object> {
  const response = await fetch(link, { method: 'GET', headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`Animation ${link}: HTTP ${response.status}`);
  return (await response.json()) as object;
}

function assertSpeed(speed: number): void {
  if (!(speed > 0)) throw new Error(SPEED_ERROR);
}

/** Lottie player (lottie-web). Data given inline, or fetched with a GET from `animationLink`. */
export function Animation(props: AnimationProps) {
  const {
    animationData,
    animationLink,
    speed = 1,
    loop = true,
    autoplay = true,
    delay = 0,
    direction = 1,
    scale = 1,
    renderer = 'svg',
    width = '100%',
    height = '100%',
    pause,
    pauseOnHover = false,
    playOnHover = false,
    className,
    'aria-label': ariaLabel,
    ref,
  } = props;

  // Misuse is a programming error: thrown while rendering so it surfaces in development and tests.
  if ((animationData === undefined) === (animationLink === undefined)) throw new Error(MISSING_SOURCE_ERROR);
  assertSpeed(speed);

  const containerRef = useRef<HTMLDivElement>(null);
  const animationRef = useRef<AnimationItem | null>(null);
  const isAlternatingRef = useRef(false);
  // Read by the load effect without being its dependencies: changing them must not reload the file.
  const latest = useRef({ props, speed, loop, autoplay, delay, direction, pause, playOnHover });
  latest.current = { props, speed, loop, autoplay, delay, direction, pause, playOnHover };

  useEffect(() => {
    if (pause && (pauseOnHover || playOnHover)) console.warn(PAUSE_WITH_HOVER_WARNING);
  }, [pause, pauseOnHover, playOnHover]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let isCancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();

    const start = (lottie: LottiePlayer, data: object) => {
      if (isCancelled) return;
      const initial = latest.current;
      const shouldPlay = initial.autoplay && !initial.playOnHover && !initial.pause;
      const item = lottie.loadAnimation({
        container,
        renderer,
        loop: initial.loop,
        // A delayed start is played by our timer instead.
        autoplay: shouldPlay && initial.delay <= 0,
        animationData: data,
      });
      animationRef.current = item;
      item.setSpeed(initial.speed);
      item.setDirection(initial.direction);
      const handlers = () => latest.current.props;
      item.addEventListener('DOMLoaded', () => handlers().onLoad?.());
      item.addEventListener('loopComplete', (event) => {
        if (isAlternatingRef.current) {
          const next: AnimationDirection = item.playDirection === 1 ? -1 : 1;
          item.setDirection(next);
          // Restart from the edge the new direction starts at, or lottie would wrap around first.
          item.goToAndPlay(next === 1 ? 0 : Math.max(item.totalFrames - 1, 0), true);
        }
        handlers().onLoopComplete?.(event);
      });
      item.addEventListener('complete', (event) => handlers().onComplete?.(event));
      item.addEventListener('enterFrame', (event) => handlers().onEnterFrame?.(event));
      item.addEventListener('segmentStart', (event) => handlers().onSegmentStart?.(event));
      if (shouldPlay && initial.delay > 0) timer = setTimeout(() => item.play(), initial.delay);
    };

    const source =
      animationData !== undefined
        ? Promise.resolve(animationData)
        : fetchAnimation(animationLink ?? '', controller.signal);
    Promise.all([loadLottie(), source])
      .then(([lottie, data]) => start(lottie, data))
      .catch((error: unknown) => {
        if (!isCancelled) latest.current.props.onError?.(error);
      });

    return () => {
      isCancelled = true;
      controller.abort();
      clearTimeout(timer);
      animationRef.current?.destroy();
      animationRef.current = null;
    };
  }, [animationData, animationLink, renderer]);

  useEffect(() => {
    animationRef.current?.setSpeed(speed);
  }, [speed]);

  useEffect(() => {
    animationRef.current?.setDirection(direction);
  }, [direction]);

  useEffect(() => {
    // lottie stores the value as is, so a loop count works although its type says boolean.
    animationRef.current?.setLoop(loop as boolean);
  }, [loop]);

  // Controlled pause: only a change acts, so the first render keeps autoplay's decision.
  const previousPause = useRef(pause);
  useEffect(() => {
    if (previousPause.current === pause) return;
    previousPause.current = pause;
    if (pause) animationRef.current?.pause();
    else animationRef.current?.play();
  }, [pause]);

  useImperativeHandle(
    ref,
    (): AnimationHandle => ({
      play: () => animationRef.current?.play(),
      pause: () => animationRef.current?.pause(),
      stop: () => animationRef.current?.stop(),
      reverse: () => {
        const item = animationRef.current;
        if (!item) return;
        item.setDirection(item.playDirection === -1 ? 1 : -1);
        item.play();
      },
      alternate: () => {
        isAlternatingRef.current = !isAlternatingRef.current;
        if (isAlternatingRef.current) animationRef.current?.play();
      },
      setSpeed: (next: number) => {
        assertSpeed(next);
        animationRef.current?.setSpeed(next);
      },
    }),
    [],
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering only adds optional motion; nothing to operate.
    <div
      ref={containerRef}
      className={className}
      data-testid="animation"
      {...(ariaLabel ? { role: 'img', 'aria-label': ariaLabel } : { 'aria-hidden': true })}
      style={{
        width,
        height,
        transform: scale === 1 ? undefined : `scale(${scale})`,
      }}
      onMouseEnter={() => {
        if (pauseOnHover) animationRef.current?.pause();
        if (playOnHover) animationRef.current?.play();
      }}
      onMouseLeave={() => {
        if (pauseOnHover && !pause) animationRef.current?.play();
        if (playOnHover) animationRef.current?.pause();
      }}
    />
  );
}
