// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SWIPE_HORIZONTAL, SWIPE_LEFT, SWIPE_RIGHT, useSwipe } from "./use-swipe.ts";

function SwipeArea({ directions, onSwipe }: { directions: number; onSwipe: (d: number) => void }) {
  return <div data-testid="area" {...useSwipe({ directions, onSwipe })} />;
}

function swipe(fromX: number, toX: number, fromY = 300, toY = 300) {
  const area = screen.getByTestId("area");
  fireEvent.pointerDown(area, { clientX: fromX, clientY: fromY, pointerId: 1 });
  fireEvent.pointerUp(area, { clientX: toX, clientY: toY, pointerId: 1 });
}

afterEach(cleanup);

describe("useSwipe", () => {
  it("uses the spec's direction value 6 for left and right", () => {
    expect(SWIPE_HORIZONTAL).toBe(6);
  });

  it("reports horizontal swipes in allowed directions", () => {
    const onSwipe = vi.fn();
    render(<SwipeArea directions={SWIPE_HORIZONTAL} onSwipe={onSwipe} />);
    swipe(300, 150);
    swipe(150, 300);
    expect(onSwipe.mock.calls).toEqual([[SWIPE_LEFT], [SWIPE_RIGHT]]);
  });

  it("ignores short, vertical and disallowed swipes", () => {
    const onSwipe = vi.fn();
    render(<SwipeArea directions={SWIPE_RIGHT} onSwipe={onSwipe} />);
    swipe(300, 280);
    swipe(200, 280, 100, 400);
    swipe(300, 150);
    expect(onSwipe).not.toHaveBeenCalled();
  });

  it("leaves swipes from the screen edge to the browser's back gesture", () => {
    const onSwipe = vi.fn();
    render(<SwipeArea directions={SWIPE_HORIZONTAL} onSwipe={onSwipe} />);
    swipe(5, 200);
    expect(onSwipe).not.toHaveBeenCalled();
  });
});
