/** E8: images of forms (logos, banners) and the cropper; cropperjs itself loads lazily when a cropper opens. */
export { ImageCropper, type ImageCropperProps } from './image-cropper';
export { ImageField, type ImageFieldProps } from './image-field';
