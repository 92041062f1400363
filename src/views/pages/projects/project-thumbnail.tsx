import type { ProjectSummary } from '../../../contract/projects';
import { useBoardImage } from '../../../services/board-images';
import { ProductCover } from './product-cover';
import './project-thumbnail.css';

type ThumbnailProject = Pick<ProjectSummary, 'previewUrl' | 'productType'>;

/** The board's top picture when the project has files, else the product's cover; decoration beside the title. */
export function ProjectThumbnail({ project }: { project: ThumbnailProject }) {
  const image = useBoardImage(project.previewUrl);
  return (
    <span className="project-thumb" aria-hidden="true" data-loading={image.status === 'loading' || undefined}>
      {image.src ? <img src={image.src} alt="" /> : <ProductCover type={project.productType} size={56} />}
    </span>
  );
}
