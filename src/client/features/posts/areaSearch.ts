/**
 * The `?area=` URL search param of the lists filtered by service area (`/posts/mine`,
 * `/offers/received`). Hand-written, without zod (route `validateSearch` code is in the initial
 * bundle); a value that is not an area is dropped instead of failing the route. Pure.
 */
import { POST_AREAS, type PostArea } from "../../../common/constants";
import { compact, oneOf } from "../../lib/searchParams";

export interface AreaSearch {
  area?: PostArea;
}

export function validateAreaSearch(search: Record<string, unknown>): AreaSearch {
  return compact({ area: oneOf(POST_AREAS, search.area) });
}
