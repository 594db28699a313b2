import { Pagination } from 'react-admin';
import { PAGE_SIZES } from '../constants';

export const ListPagination = () => <Pagination rowsPerPageOptions={PAGE_SIZES} />;
