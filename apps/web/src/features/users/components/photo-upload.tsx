import { type CallInput, usersCalls } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { PhotoUpload } from '../../../components/photo-upload';
import { callApi } from '../../../lib/api';

export { isAcceptedImage } from '../../../components/photo-upload';

type Uploaded = { photoJson: string; url: string; thumbnailUrl: string };

/** A user's photo (User/UploadImage). */
export function UserPhotoUpload({
  userId,
  ...rest
}: { userId: number } & Omit<ComponentProps<typeof PhotoUpload<Uploaded>>, 'upload'>) {
  const queryClient = useQueryClient();
  return (
    <PhotoUpload<Uploaded>
      {...rest}
      upload={async (file) => {
        const result = await callApi(usersCalls.uploadImage, { userId, formFile: file } as CallInput<typeof usersCalls.uploadImage>);
        await queryClient.invalidateQueries({ queryKey: [usersCalls.uploadImage.controller] });
        return result;
      }}
    />
  );
}
