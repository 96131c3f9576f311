import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  builtInClientLogos,
  isSettingsPhone,
  isSettingsUrl,
  redirectLimits,
  siteSettingsLimits as limits,
  siteSettingsMessages as says,
  type ClientLogoSlug,
  type SiteStudioSetting,
} from '@northbeam/common';
import { IsAddress } from '../../../core/validation/is-address.decorator.js';
import { IsEmailAddress } from '../../../core/validation/is-required-email.js';
import { MaxChars } from '../../../core/validation/max-chars.decorator.js';
import { Trim } from '../../../core/validation/trim.js';
import { uuidSource } from '../../../core/validation/uuid.js';

/** A web address field of the settings (blank allowed only where `optional`). */
const url =
  (optional = false) =>
  (target: object, property: string | symbol) => {
    if (optional) ValidateIf((_object, value) => value !== '')(target, property);
    IsAddress(isSettingsUrl, { message: says.urlInvalid })(target, property);
    IsString({ message: says.urlInvalid })(target, property);
    Trim()(target, property);
  };

const name = () => (target: object, property: string | symbol) => {
  MaxChars(limits.nameMax, { message: says.nameTooLong })(target, property);
  IsNotEmpty({ message: says.nameRequired })(target, property);
  IsString({ message: says.nameRequired })(target, property);
  Trim()(target, property);
};

export class SocialLinksDto {
  @url(true) LinkedIn: string;
  @url(true) X: string;
  @url(true) Facebook: string;
  @url(true) Pinterest: string;
  @url(true) YouTube: string;
  @url(true) Instagram: string;
}

export class ProductSettingDto {
  @name() name: string;

  @Trim()
  @IsString({ message: says.descriptionTooLong })
  @MaxChars(limits.descriptionMax, { message: says.descriptionTooLong })
  description: string;

  @url() href: string;
}

export class StudioSettingDto {
  @IsIn(['simulation_creation', 'fooh_studios'], { message: says.studioUnknown })
  id: SiteStudioSetting['id'];

  @name() name: string;

  @Trim()
  @IsString({ message: says.descriptionTooLong })
  @MaxChars(limits.descriptionMax, { message: says.descriptionTooLong })
  blurb: string;

  @url() href: string;
}

export class ClientLogoSettingDto {
  @name() name: string;

  @ValidateIf((logo: ClientLogoSettingDto) => !logo.builtIn)
  @IsString({ message: says.logoImage })
  @Matches(new RegExp(`^${uuidSource}$`), { message: says.logoImage })
  mediaId: string | null;

  @IsOptional()
  @IsIn(builtInClientLogos, { message: says.logoImage })
  builtIn: ClientLogoSlug | null;
}

/** The whole record, saved at once (docs/product.md#site-settings). */
export class SaveSiteSettingsDto {
  @Trim()
  @IsEmailAddress(undefined, { message: says.emailInvalid })
  email: string;

  @Trim()
  @IsEmailAddress(undefined, { message: says.emailInvalid })
  privacyEmail: string;

  @Trim()
  @IsString({ message: says.phoneInvalid })
  @IsAddress(isSettingsPhone, { message: says.phoneInvalid })
  phone: string;

  @IsObject({ message: says.urlInvalid })
  @ValidateNested()
  @Type(() => SocialLinksDto)
  social: SocialLinksDto;

  @IsArray({ message: says.productsCount })
  @ArrayMinSize(2, { message: says.productsCount })
  @ArrayMaxSize(2, { message: says.productsCount })
  @ValidateNested({ each: true })
  @Type(() => ProductSettingDto)
  products: ProductSettingDto[];

  @IsArray({ message: says.studiosCount })
  @ArrayMinSize(2, { message: says.studiosCount })
  @ArrayMaxSize(2, { message: says.studiosCount })
  @ValidateNested({ each: true })
  @Type(() => StudioSettingDto)
  studios: StudioSettingDto[];

  // The playbook document is not part of the form: it has its own upload (POST admin/settings/playbook).

  @IsArray({ message: says.logosTooMany })
  @ArrayMaxSize(limits.clientLogosMax, { message: says.logosTooMany })
  @ValidateNested({ each: true })
  @Type(() => ClientLogoSettingDto)
  clientLogos: ClientLogoSettingDto[];

  @Trim()
  @IsEmailAddress(undefined, { message: says.emailInvalid })
  enquiryInbox: string;

  @Trim()
  @IsEmailAddress(undefined, { message: says.emailInvalid })
  privacyInbox: string;
}

export class CreateRedirectDto {
  @Trim()
  @IsString({ message: 'The old path must be a path on this site starting with /' })
  @MaxChars(redirectLimits.pathMax, { message: `Paths must be ${redirectLimits.pathMax} characters or less` })
  fromPath: string;

  @Trim()
  @IsString({
    message: 'The new path must be a path on this site starting with /, or a web address starting with https://',
  })
  @MaxChars(redirectLimits.pathMax, { message: `Paths must be ${redirectLimits.pathMax} characters or less` })
  toPath: string;
}
