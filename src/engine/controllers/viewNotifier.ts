/**
 * How a controller tells the person what happened without drawing it: the view passes one made of
 * antd's message (useViewNotifier in renderers/), tests pass fakes. Texts arrive translated.
 */
export interface ViewNotifier {
  success(text: string): void;
  error(text: string): void;
}
