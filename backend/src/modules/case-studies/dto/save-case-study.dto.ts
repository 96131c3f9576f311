import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
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
  MaxLength,
  registerDecorator,
  ValidateIf,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';
import {
  caseStudyLimits,
  caseStudyLinkPattern,
  caseStudyMessages,
  caseStudyStatuses,
  isCaseStudyCtaHref,
  isCaseStudyDate,
  isCaseStudyImageAddress,
  messages,
  type CaseStudyStatus,
} from '@northbeam/common';
import { IsListPage, IsListSearch } from '../../../core/validation/list-query.decorators.js';
import { MaxChars } from '../../../core/validation/max-chars.decorator.js';
import { MultiLine } from '../../../core/validation/multi-line.decorator.js';
import { IsAddress } from '../../../core/validation/is-address.decorator.js';
import { Trim, TrimMediaAddress } from '../../../core/validation/trim.js';

/** Optional texts: blank means absent. */
const blankToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);
const limits = caseStudyLimits;
const says = caseStudyMessages;

/** A real calendar day `YYYY-MM-DD` in the years a case study may carry (Feb 30 is refused here, not by the database). */
function IsCaseStudyDate(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'isCaseStudyDate',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: { validate: (value: unknown) => isCaseStudyDate(value) },
    });
  };
}

/** Names trimmed, blank ones dropped, before the list is validated. */
const trimmedNames = ({ value }: { value: unknown }) =>
  Array.isArray(value)
    ? value.map((item: unknown) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '')
    : value;

/** A list of short names (services, technologies): at most 12 of at most 60 characters. */
function IsNameList(message: string): PropertyDecorator {
  return applyDecorators(
    Transform(trimmedNames),
    IsArray({ message }),
    ArrayMaxSize(limits.listItemsMax, { message }),
    IsString({ each: true, message }),
    MaxLength(limits.listItemMax, { each: true, message }),
  );
}

export class CaseStudyMetricDto {
  @Trim()
  @MaxChars(limits.metricValueMax, { message: says.metricValueTooLong })
  @IsString({ message: says.metricValueRequired })
  @IsNotEmpty({ message: says.metricValueRequired })
  value: string;

  @Trim()
  @MaxChars(limits.metricLabelMax, { message: says.metricLabelTooLong })
  @IsString({ message: says.metricLabelRequired })
  @IsNotEmpty({ message: says.metricLabelRequired })
  label: string;

  @Transform(blankToNull)
  @IsOptional()
  @IsString({ message: says.metricContextTooLong })
  @MaxChars(limits.metricContextMax, { message: says.metricContextTooLong })
  context?: string | null;
}

export class CaseStudyImageDto {
  @TrimMediaAddress()
  @IsAddress(isCaseStudyImageAddress, { message: says.imageAddressInvalid })
  @MaxChars(limits.imageAddressMax, { message: says.imageAddressInvalid })
  @IsString({ message: says.imageAddressInvalid })
  src: string;

  @Trim()
  @MaxChars(limits.altMax, { message: says.altTooLong })
  @IsString({ message: says.altRequired })
  @IsNotEmpty({ message: says.altRequired })
  alt: string;

  @Transform(blankToNull)
  @IsOptional()
  @IsString({ message: says.captionTooLong })
  @MaxChars(limits.captionMax, { message: says.captionTooLong })
  caption?: string | null;
}

export class CaseStudyCtaDto {
  @Trim()
  @MaxChars(limits.ctaLabelMax, { message: says.ctaLabelTooLong })
  @IsString({ message: says.ctaLabelRequired })
  @IsNotEmpty({ message: says.ctaLabelRequired })
  label: string;

  @Trim()
  @IsAddress(isCaseStudyCtaHref, { message: says.ctaHrefInvalid })
  @MaxChars(limits.linkMax, { message: says.ctaHrefInvalid })
  @IsString({ message: says.ctaHrefInvalid })
  href: string;
}

/** Each may be empty: the page then uses the title, the summary and the hero image. */
export class CaseStudySeoDto {
  @Trim()
  @IsString({ message: says.seoTitleTooLong })
  @MaxChars(limits.seoTitleMax, { message: says.seoTitleTooLong })
  title: string;

  @Trim()
  @IsString({ message: says.seoDescriptionTooLong })
  @MaxChars(limits.seoDescriptionMax, { message: says.seoDescriptionTooLong })
  description: string;

  @TrimMediaAddress()
  @ValidateIf((_object, value) => value !== '')
  @IsAddress(isCaseStudyImageAddress, { message: says.imageAddressInvalid })
  @MaxChars(limits.imageAddressMax, { message: says.imageAddressInvalid })
  @IsString({ message: says.imageAddressInvalid })
  image: string;
}

/** Every field of a case study (docs/product.md#case-studies): the body of PUT /api/admin/case-studies/:id. */
export class CaseStudyFieldsDto {
  @Trim()
  @MaxChars(limits.slugMax, { message: says.slugTooLong })
  // Empty is left to the "required" rule.
  @Matches(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, { message: messages.slugInvalid })
  @IsString({ message: says.slugRequired })
  @IsNotEmpty({ message: says.slugRequired })
  slug: string;

  @Trim()
  @MaxChars(limits.titleMax, { message: says.titleTooLong })
  @IsString({ message: says.titleRequired })
  @IsNotEmpty({ message: says.titleRequired })
  title: string;

  @Trim()
  @MaxChars(limits.summaryMax, { message: says.summaryTooLong })
  @IsString({ message: says.summaryRequired })
  @IsNotEmpty({ message: says.summaryRequired })
  summary: string;

  @TrimMediaAddress()
  @IsAddress(isCaseStudyImageAddress, { message: says.imageAddressInvalid })
  @MaxChars(limits.imageAddressMax, { message: says.imageAddressInvalid })
  @IsString({ message: says.heroImageRequired })
  @IsNotEmpty({ message: says.heroImageRequired })
  hero_image: string;

  @Trim()
  @MaxChars(limits.clientMax, { message: says.clientTooLong })
  @IsString({ message: says.clientRequired })
  @IsNotEmpty({ message: says.clientRequired })
  client: string;

  @Trim()
  @MaxChars(limits.sectorMax, { message: says.sectorTooLong })
  @IsString({ message: says.sectorRequired })
  @IsNotEmpty({ message: says.sectorRequired })
  sector: string;

  @IsNameList(says.servicesInvalid)
  @ArrayMinSize(1, { message: says.servicesRequired })
  services: string[];

  @IsNameList(says.techInvalid)
  tech: string[];

  @IsCaseStudyDate({ message: says.dateInvalid })
  date: string;

  @MultiLine()
  @MaxChars(limits.sectionMax, { message: says.sectionTooLong })
  @Matches(/\S/, { message: says.problemRequired })
  @IsString({ message: says.problemRequired })
  problem_md: string;

  @MultiLine()
  @MaxChars(limits.sectionMax, { message: says.sectionTooLong })
  @Matches(/\S/, { message: says.approachRequired })
  @IsString({ message: says.approachRequired })
  approach_md: string;

  @MultiLine()
  @MaxChars(limits.sectionMax, { message: says.sectionTooLong })
  @Matches(/\S/, { message: says.solutionRequired })
  @IsString({ message: says.solutionRequired })
  solution_md: string;

  @MultiLine()
  @MaxChars(limits.sectionMax, { message: says.sectionTooLong })
  @Matches(/\S/, { message: says.outcomesRequired })
  @IsString({ message: says.outcomesRequired })
  outcomes_md: string;

  @IsArray({ message: says.metricsInvalid })
  @ArrayMaxSize(limits.metricsMax, { message: says.metricsInvalid })
  @ValidateNested({ each: true, message: says.metricsInvalid })
  @Type(() => CaseStudyMetricDto)
  metrics: CaseStudyMetricDto[];

  @IsArray({ message: says.galleryInvalid })
  @ArrayMaxSize(limits.galleryMax, { message: says.galleryInvalid })
  @ValidateNested({ each: true, message: says.galleryInvalid })
  @Type(() => CaseStudyImageDto)
  gallery: CaseStudyImageDto[];

  @IsObject({ message: says.ctaInvalid })
  @ValidateNested({ message: says.ctaInvalid })
  @Type(() => CaseStudyCtaDto)
  cta: CaseStudyCtaDto;

  @IsObject({ message: says.seoInvalid })
  @ValidateNested({ message: says.seoInvalid })
  @Type(() => CaseStudySeoDto)
  seo: CaseStudySeoDto;

  @Transform(blankToNull)
  @IsOptional()
  @Matches(caseStudyLinkPattern, { message: says.linkInvalid })
  @MaxChars(limits.linkMax, { message: says.linkInvalid })
  @IsString({ message: says.linkInvalid })
  link?: string | null;
}

/**
 * Body of POST and PUT /api/admin/case-studies: every field, and the status chosen with the save, as
 * for posts. A new case study is a draft unless it says published; a save without a status keeps the
 * one it has.
 */
export class SaveCaseStudyDto extends CaseStudyFieldsDto {
  @IsOptional()
  @IsIn(caseStudyStatuses, { message: says.statusInvalid })
  status?: CaseStudyStatus;
}

/** Query of GET /api/admin/case-studies. */
export class ListCaseStudiesQueryDto {
  @IsListPage()
  page?: number;

  @IsOptional()
  @IsIn(caseStudyStatuses, { message: says.statusInvalid })
  status?: CaseStudyStatus;

  @IsListSearch(limits.searchMax, says.searchTooLong)
  q?: string;
}
